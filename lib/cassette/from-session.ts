/**
 * A session (the page's state, a share link, a session file, or what `record` sent) → a cassette. Every cassette
 * is made here, after lib/share's stripSecrets: secrets leave a cassette exactly as they leave a link. Pure.
 */
import { type Target } from "../bridge/contract";
import { targetKey, targetLabel, targetTransport } from "../bridge/target";
import { asObject, canonicalJson, type JsonObject } from "../protocol/json";
import { META_KEYS } from "../protocol/meta";
import { stripSecrets, type StripOptions } from "../share/secrets";
import { parseJson, type RecordedExchange, type ShareState } from "../share/state";
import { CASSETTE_FORMAT, CASSETTE_VERSION, type Cassette, type CassetteTarget, type Interaction } from "./format";
import { receivedFrames, replyFrame, sentText } from "../protocol/exchange";

export const HANDSHAKE_METHODS = new Set(["initialize", "notifications/initialized", "server/discover"]);

export interface FromSessionOptions extends StripOptions {
  source: string;
  now?: Date;
  /** Imported recordings have no bridge target worth keeping: only the label and transport. */
  keepTargets?: boolean;
}

export interface MadeCassette {
  cassette: Cassette;
  /** What secret stripping left out, one line each. */
  omitted: string[];
  /** Exchanges that could not become interactions (not a request, no answer), one line each. */
  skipped: string[];
}

function isAnswerTo(frame: unknown, id: unknown): boolean {
  const f = asObject(frame);
  return !!f && f.method === undefined && ("result" in f || "error" in f) && canonicalJson(f.id) === canonicalJson(id);
}

function interactionOf(x: RecordedExchange, target: number): { interaction?: Interaction; skip?: string } {
  const parsed = parseJson(sentText(x));
  const request = parsed.ok ? asObject(parsed.value) : undefined;
  if (!request || typeof request.method !== "string")
    return { skip: "the frame sent is not a JSON-RPC request or notification" };
  const handshake = HANDSHAKE_METHODS.has(request.method) ? { handshake: true } : {};
  if (request.id === undefined) return { interaction: { target, request, notifications: [], ...handshake } };
  if (x.outcome.kind !== "response") {
    const why = x.outcome.kind === "failure" ? `${x.outcome.failure}: ${x.outcome.message}` : "no answer";
    return { skip: `${request.method} got no answer (${why.slice(0, 200)})` };
  }
  const answer = asObject(replyFrame(x));
  if (!answer || !("result" in answer || "error" in answer))
    return { skip: `${request.method}: the answer is neither a result nor an error` };
  const notifications = receivedFrames(x)
    .filter((f) => !isAnswerTo(f, request.id))
    .flatMap((f) => (asObject(f) ? [asObject(f)!] : []));
  const which = "result" in answer ? { response: answer } : { error: answer };
  return { interaction: { target, request, ...which, notifications, ...handshake } };
}

/** Era, version, handshake and server identity, read from what the target answered. */
function describeTarget(base: Omit<CassetteTarget, "era" | "handshake">, interactions: Interaction[]): CassetteTarget {
  const initialize = interactions.find((x) => x.request.method === "initialize" && x.response);
  const result = (x: Interaction | undefined) => asObject(x?.response?.result);
  const infoOf = (r: JsonObject | undefined) => {
    const info = asObject(r?.serverInfo) ?? asObject(asObject(r?._meta)?.[META_KEYS.serverInfo]);
    if (!info) return {};
    return {
      serverInfo: {
        ...(typeof info.name === "string" ? { name: info.name } : {}),
        ...(typeof info.version === "string" ? { version: info.version } : {}),
      },
    };
  };
  if (initialize) {
    const r = result(initialize);
    const version = typeof r?.protocolVersion === "string" ? { protocolVersion: r.protocolVersion } : {};
    return { ...base, era: "legacy", handshake: "initialize", ...version, ...infoOf(r) };
  }
  const discover = interactions.find((x) => x.request.method === "server/discover" && x.response);
  const named = interactions
    .map((x) => asObject(asObject(x.request.params)?._meta)?.[META_KEYS.protocolVersion])
    .find((v): v is string => typeof v === "string");
  if (discover)
    return {
      ...base,
      era: "modern",
      handshake: "server/discover",
      ...(named ? { protocolVersion: named } : {}),
      ...infoOf(result(discover)),
    };
  if (named) return { ...base, era: "modern", handshake: "none", protocolVersion: named };
  return { ...base, era: "unknown", handshake: "none" };
}

export function cassetteFromState(state: ShareState, options: FromSessionOptions): MadeCassette {
  const stripped = stripSecrets(state, options);
  const { exchanges } = stripped.state;
  const keys = new Map<string, number>();
  const bases: Omit<CassetteTarget, "era" | "handshake">[] = [];
  const interactions: Interaction[] = [];
  const skipped: string[] = [];
  exchanges.forEach((x, i) => {
    const target: Target = x.target ?? stripped.state.target;
    const key = options.keepTargets === false ? `label:${x.targetLabel}` : targetKey(target);
    let index = keys.get(key);
    if (index === undefined) {
      index = bases.length;
      keys.set(key, index);
      bases.push({
        label: options.keepTargets === false ? x.targetLabel : targetLabel(target),
        transport: options.keepTargets === false ? x.transport : targetTransport(target),
        ...(options.keepTargets === false ? {} : { target }),
      });
    }
    const made = interactionOf(x, index);
    if (made.interaction) interactions.push(made.interaction);
    else skipped.push(`exchange ${i + 1}${x.label ? ` (${x.label})` : ""}: ${made.skip}`);
  });
  if (bases.length === 0)
    bases.push({
      label: targetLabel(stripped.state.target),
      transport: targetTransport(stripped.state.target),
      target: stripped.state.target,
    });
  const targets = bases.map((base, i) =>
    describeTarget(
      base,
      interactions.filter((x) => x.target === i),
    ),
  );
  const cassette: Cassette = {
    format: CASSETTE_FORMAT,
    version: CASSETTE_VERSION,
    recordedAt: (options.now ?? new Date()).toISOString(),
    source: options.source,
    omitted: stripped.state.omitted,
    targets,
    interactions,
  };
  return { cassette, omitted: stripped.omitted, skipped };
}
