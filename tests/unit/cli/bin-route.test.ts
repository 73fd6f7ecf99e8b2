/**
 * Issue 47: the installed package's one command, `mcp-playground`. With no command, `start` or a server option it
 * serves the playground as `npm start` does; with a CLI command it is the CLI; `--help` answers for both.
 */
import { describe, expect, it } from "vitest";
import { asInstalled, binRoute } from "@/lib/node/cli/bin-route";

describe("mcp-playground routes its arguments to the server or the CLI", () => {
  it("no arguments serve the playground, as npm start does", () => {
    expect(binRoute([])).toEqual({ kind: "serve", args: [] });
  });

  it("start serves with the options after it", () => {
    expect(binRoute(["start", "--port", "4100", "--no-open"])).toEqual({
      kind: "serve",
      args: ["--port", "4100", "--no-open"],
    });
  });

  it("a server option first serves too (--port, --port=, --host, --hosted, --no-open)", () => {
    for (const argv of [["--port", "4100"], ["--port=4100"], ["--host", "::1"], ["--hosted"], ["--no-open"]])
      expect(binRoute(argv)).toEqual({ kind: "serve", args: argv });
  });

  it("a CLI command runs the CLI with every argument, the command included", () => {
    const argv = ["check", "--demo", "calendar", "--json"];
    expect(binRoute(argv)).toEqual({ kind: "cli", args: argv });
    expect(binRoute(["--lang", "bg", "doctor"])).toEqual({ kind: "cli", args: ["--lang", "bg", "doctor"] });
  });

  it("an unknown command still goes to the CLI, which names the commands it has", () => {
    expect(binRoute(["chek"])).toEqual({ kind: "cli", args: ["chek"] });
  });

  it("--help, -h and help answer for both halves, also after start", () => {
    for (const argv of [["--help"], ["-h"], ["help"], ["start", "--help"], ["--port", "1", "-h"]])
      expect(binRoute(argv)).toEqual({ kind: "help" });
  });

  it("a command's own --help stays the command's", () => {
    expect(binRoute(["check", "--help"])).toEqual({ kind: "cli", args: ["check", "--help"] });
  });

  it("--version prints the version", () => {
    expect(binRoute(["--version"])).toEqual({ kind: "version" });
  });
});

describe("the installed CLI names itself as the user typed it", () => {
  it("`npm run cli -- <command>` reads `mcp-playground <command>`", () => {
    expect(asInstalled("usage:\n  npm run cli -- probe <target>\n(npm run cli -- --help shows the usage)")).toBe(
      "usage:\n  mcp-playground probe <target>\n(mcp-playground --help shows the usage)",
    );
  });
});
