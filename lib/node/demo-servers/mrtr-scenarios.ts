/**
 * Multi round-trip scenarios, one tool (or prompt, or resource) per behaviour the MRTR studio teaches:
 *   connect_account  URL-mode elicitation (needs elicitation.url); accept / decline / cancel
 *   plan_trip        several inputs in one round: a form, a sampling request, a roots request (asks only for
 *                    the kinds the request declared; answered parts travel in requestState)
 *   delete_draft     asks again (a new input_required) while the answer is missing or invalid
 *   build_report     state-only rounds (no inputRequests, only requestState) that finish in round 3
 *   poll_forever     never finishes: the round limit has to stop it
 *   prompt introduce / resource vault://note   input_required on prompts/get and resources/read
 * requestState here is plain base64url JSON that the server trusts: fine for a demo whose state decides
 * nothing that matters (compare calendar-hardened.ts).
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  McpServer,
  acceptedContent,
  inputRequired,
  inputResponse,
  type InputRequests,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { jsonSchemaOnce } from "./json-schema";

export const MRTR_SCENARIOS_INSTRUCTIONS =
  "Multi round-trip scenarios for the MRTR studio: connect_account (URL mode), plan_trip (form + sampling + roots " +
  "at once), delete_draft (asks again), build_report (state-only rounds), poll_forever (never completes), " +
  "prompt introduce and resource vault://note (input_required outside tools/call).";

/** Where connect_account sends the user. Never fetched by the playground; opened only on the user's click. */
export const CONNECT_URL = "https://photos.example.com/connect";

type Json = Record<string, unknown>;

function seal(state: Json): string {
  return Buffer.from(JSON.stringify(state), "utf8").toString("base64url");
}

function unseal<T extends Json>(ctx: ServerContext): Partial<T> {
  const raw = ctx.mcpReq.requestState<string>();
  if (typeof raw !== "string") return {};
  try {
    const value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    return value && typeof value === "object" ? (value as Partial<T>) : {};
  } catch {
    return {};
  }
}

function declared(ctx: ServerContext): Json {
  const envelope = (ctx.mcpReq.envelope ?? {}) as Json;
  const caps = envelope[CLIENT_CAPABILITIES_META_KEY];
  return caps && typeof caps === "object" ? (caps as Json) : {};
}

const text = (t: string) => ({ content: [{ type: "text" as const, text: t }], isError: false });

const TRIP_SCHEMA = {
  type: "object" as const,
  properties: {
    destination: { type: "string" as const, title: "Destination", minLength: 2, maxLength: 60 },
    departOn: { type: "string" as const, title: "Departure date", format: "date" as const },
    nights: { type: "integer" as const, title: "Nights", minimum: 1, maximum: 30, default: 3 },
    contact: { type: "string" as const, title: "Contact email", format: "email" as const },
    cabin: {
      type: "string" as const,
      title: "Cabin",
      oneOf: [
        { const: "economy", title: "Economy" },
        { const: "business", title: "Business" },
      ],
      default: "economy",
    },
    interests: {
      type: "array" as const,
      title: "Interests",
      items: { type: "string" as const, enum: ["food", "museums", "hiking", "beaches"] },
      maxItems: 3,
    },
    insurance: { type: "boolean" as const, title: "Travel insurance", default: false },
  },
  required: ["destination", "departOn"],
};

interface TripState extends Json {
  details?: Json;
  title?: string;
  folder?: string;
}

function registerPlanTrip(server: McpServer) {
  server.registerTool(
    "plan_trip",
    {
      description:
        "Plan a trip: asks for the details (form), a name for the trip (sampling) and where to save it (roots) in one round.",
    },
    async (ctx) => {
      const state = unseal<TripState>(ctx);
      const responses = ctx.mcpReq.inputResponses;
      const form = inputResponse(responses, "details");
      if (form.kind === "elicit" && form.action !== "accept")
        return text(`Trip not planned: you chose ${form.action}.`);
      const details = state.details ?? acceptedContent(responses, "details");
      const sampled = inputResponse(responses, "trip_name");
      const title =
        state.title ??
        (sampled.kind === "sampling" ? String((sampled.result.content as { text?: string }).text ?? "") : undefined);
      const roots = inputResponse(responses, "save_to");
      const folder = state.folder ?? (roots.kind === "roots" ? roots.roots[0]?.uri : undefined);
      const caps = declared(ctx);
      const asks: InputRequests = {};
      if (!details)
        asks.details = inputRequired.elicit({ message: "Where and when are you going?", requestedSchema: TRIP_SCHEMA });
      if (title === undefined && caps.sampling) {
        asks.trip_name = inputRequired.createMessage({
          messages: [
            {
              role: "user",
              content: { type: "text", text: "Suggest a short, cheerful name for a trip. Answer with the name only." },
            },
          ],
          systemPrompt: "You name trips.",
          maxTokens: 20,
        });
      }
      if (folder === undefined && caps.roots) asks.save_to = inputRequired.listRoots();
      if (Object.keys(asks).length)
        return inputRequired({ inputRequests: asks, requestState: seal({ details, title, folder }) });
      const d = details as Json;
      const parts = [
        `Trip${title ? ` "${title}"` : ""} to ${d.destination} on ${d.departOn} for ${d.nights ?? 3} night(s)`,
        d.cabin ? `cabin ${d.cabin}` : "",
        Array.isArray(d.interests) && d.interests.length ? `interests ${d.interests.join(", ")}` : "",
        folder ? `saved to ${folder}` : "not saved (no roots declared)",
      ];
      return text(parts.filter(Boolean).join("; "));
    },
  );
}

function registerConnect(server: McpServer) {
  server.registerTool(
    "connect_account",
    {
      description:
        "Connect your photo account: sends you to a web page (URL-mode elicitation); the playground never sees what you type there.",
    },
    async (ctx) => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, "sign_in");
      const flow = unseal<{ flow: string }>(ctx).flow;
      if (answer.kind !== "elicit" || !flow) {
        const id = flow ?? crypto.randomUUID().slice(0, 8);
        return inputRequired({
          inputRequests: {
            sign_in: inputRequired.elicitUrl({
              message: "Sign in to Example Photos in your browser to connect it. Come back here when you are done.",
              url: `${CONNECT_URL}?flow=${id}`,
            }),
          },
          requestState: seal({ flow: id }),
        });
      }
      if (answer.action === "accept")
        return text(
          `Connected photos.example.com (flow ${flow}). A real server would now check its own record that the sign-in finished.`,
        );
      return text(answer.action === "decline" ? "Not connected: you declined." : "Not connected: cancelled.");
    },
  );
}

function registerDeleteDraft(server: McpServer) {
  const schema = {
    type: "object" as const,
    properties: { confirm: { type: "boolean" as const, title: "Delete the draft?" } },
    required: ["confirm"],
  };
  server.registerTool(
    "delete_draft",
    { description: "Delete the draft; asks for confirmation, and asks again while the answer is missing." },
    async (ctx) => {
      const asked = unseal<{ asked: number }>(ctx).asked ?? 0;
      const answer = inputResponse(ctx.mcpReq.inputResponses, "confirm");
      if (answer.kind === "elicit" && answer.action !== "accept") return text("Kept the draft: you said no.");
      const confirm = acceptedContent<{ confirm?: unknown }>(ctx.mcpReq.inputResponses, "confirm")?.confirm;
      if (typeof confirm === "boolean")
        return text(confirm ? `Deleted the draft (asked ${asked} time(s)).` : "Kept the draft.");
      const again = asked > 0 ? ` (asking again: attempt ${asked + 1}, the last retry had no usable answer)` : "";
      return inputRequired({
        inputRequests: {
          confirm: inputRequired.elicit({ message: `Really delete the draft?${again}`, requestedSchema: schema }),
        },
        requestState: seal({ asked: asked + 1 }),
      });
    },
  );
}

function registerStateOnly(server: McpServer) {
  server.registerTool(
    "build_report",
    { description: "Builds a report in three steps, handing back only requestState between them (load shedding)." },
    async (ctx) => {
      const step = unseal<{ step: number }>(ctx).step ?? 0;
      if (step >= 2) return text(`Report ready after ${step + 1} rounds.`);
      return inputRequired({
        requestState: seal({ step: step + 1, progress: `${Math.round(((step + 1) / 3) * 100)}%` }),
      });
    },
  );
  server.registerTool(
    "poll_forever",
    { description: "Never finishes: answers input_required on every round (the client's round limit must stop it)." },
    async (ctx) => {
      const round = unseal<{ round: number }>(ctx).round ?? 0;
      return inputRequired({ requestState: seal({ round: round + 1 }) });
    },
  );
}

function registerOutsideTools(server: McpServer) {
  const nameSchema = {
    type: "object" as const,
    properties: { name: { type: "string" as const, title: "Your name", minLength: 1 } },
    required: ["name"],
  };
  server.registerPrompt(
    "introduce",
    {
      description: "A greeting prompt that asks for your name first (input_required on prompts/get).",
      argsSchema: jsonSchemaOnce<{ tone?: string }>({ type: "object", properties: { tone: { type: "string" } } }),
    },
    async (args, ctx) => {
      const name = acceptedContent<{ name?: string }>(ctx.mcpReq.inputResponses, "who")?.name;
      if (!name)
        return inputRequired({
          inputRequests: {
            who: inputRequired.elicit({ message: "Who is introducing themselves?", requestedSchema: nameSchema }),
          },
        });
      return {
        description: "Introduce yourself.",
        messages: [
          { role: "user", content: { type: "text", text: `Introduce ${name} in a ${args?.tone ?? "friendly"} tone.` } },
        ],
      };
    },
  );
  const confirmSchema = {
    type: "object" as const,
    properties: { reveal: { type: "boolean" as const, title: "Show the note?", default: true } },
    required: ["reveal"],
  };
  server.registerResource(
    "note",
    "vault://note",
    { description: "A note that asks before it is shown (input_required on resources/read).", mimeType: "text/plain" },
    async (uri, ctx) => {
      const reveal = acceptedContent<{ reveal?: boolean }>(ctx.mcpReq.inputResponses, "reveal")?.reveal;
      if (reveal === undefined)
        return inputRequired({
          inputRequests: {
            reveal: inputRequired.elicit({ message: "This note is private. Show it?", requestedSchema: confirmSchema }),
          },
        });
      return {
        contents: [
          { uri: uri.href, mimeType: "text/plain", text: reveal ? "The spare key is under the blue pot." : "(hidden)" },
        ],
      };
    },
  );
}

export function createMrtrScenarioServer(): McpServer {
  const server = new McpServer(
    { name: "mrtr-scenarios", version: "1.0.0", title: "MRTR scenarios" },
    { capabilities: { tools: {}, prompts: {}, resources: {} }, instructions: MRTR_SCENARIOS_INSTRUCTIONS },
  );
  registerConnect(server);
  registerPlanTrip(server);
  registerDeleteDraft(server);
  registerStateOnly(server);
  registerOutsideTools(server);
  return server;
}
