// docs/import.md#langfuse — what a Langfuse file holds, gathered before it is
// mapped: traces and observations, by id. An ingestion batch describes an
// observation in several events (`span-create`, then `span-update`, …): the
// create bodies merge in order, then the update bodies, each field given
// (not null) winning over the earlier one. A trace download's observations
// are whole already. Whether a SPAN is a container depends on observations
// later in the file, so nothing is mapped until the file ends.
// O(observations) memory.
import { isObj, OBSERVATION_TYPES, str } from "./langfuse-observations";

type Obj = Record<string, unknown>;
export type HeldObservation = { lineNo: number; path: string; type: string; create: Obj; update: Obj };
export type HeldTrace = { lineNo: number; body: Obj };

/** Ingestion event type → the observation type it describes, and whether it updates. */
const EVENT_KINDS: Record<string, { type: string | null; update: boolean }> = {
  "span-create": { type: "SPAN", update: false },
  "span-update": { type: "SPAN", update: true },
  "generation-create": { type: "GENERATION", update: false },
  "generation-update": { type: "GENERATION", update: true },
  "event-create": { type: "EVENT", update: false },
  "agent-create": { type: "AGENT", update: false },
  "tool-create": { type: "TOOL", update: false },
  "chain-create": { type: "CHAIN", update: false },
  "retriever-create": { type: "RETRIEVER", update: false },
  "evaluator-create": { type: "EVALUATOR", update: false },
  "embedding-create": { type: "EMBEDDING", update: false },
  "guardrail-create": { type: "GUARDRAIL", update: false },
  "observation-create": { type: null, update: false },
  "observation-update": { type: null, update: true },
};

/** `path: message`, or the message alone for an item that is a whole line. */
export const located = (path: string, message: string): string => (path === "" ? message : `${path}: ${message}`);

/** Copy the given (non-null) fields of `from` over `into`. */
function mergeInto(into: Obj, from: Obj): Obj {
  for (const [k, v] of Object.entries(from)) if (v !== null && v !== undefined) into[k] = v;
  return into;
}

export function createLangfuseStore() {
  const traces = new Map<string, HeldTrace>();
  const observations = new Map<string, HeldObservation>();

  const addTrace = (body: Obj, lineNo: number, path: string): string | null => {
    const id = str(body.id);
    if (id === null) return located(path, 'trace without "id"');
    const held = traces.get(id);
    if (held) mergeInto(held.body, body);
    else traces.set(id, { lineNo, body: { ...body } });
    return null;
  };

  /** Hold an observation (or one event of it); a string is why it was rejected. */
  const addObservation = (body: Obj, type: string | null, update: boolean, lineNo: number, path: string) => {
    const id = str(body.id);
    if (id === null) return located(path, 'observation without "id"');
    const declared = str(body.type)?.toUpperCase() ?? null;
    const held = observations.get(id);
    if (held) {
      mergeInto(update ? held.update : held.create, body);
      if (!update && type !== null) held.type = type;
      return null;
    }
    const resolved = type ?? declared;
    if (resolved === null) return located(path, `observation ${id} without "type"`);
    observations.set(id, {
      lineNo,
      path,
      type: resolved,
      create: update ? {} : { ...body },
      update: update ? { ...body } : {},
    });
    return null;
  };

  return {
    traces,
    observations,
    addTrace,
    addObservation,

    /** One event of an ingestion batch: "skip" for kinds that carry nothing for Loopscope (scores, SDK logs). */
    addEvent(event: unknown, lineNo: number, path: string): string | "skip" | null {
      if (!isObj(event) || typeof event.type !== "string") return located(path, 'not an ingestion event (no "type")');
      if (!isObj(event.body)) return located(path, `${event.type} without "body"`);
      if (event.type === "trace-create") return addTrace(event.body, lineNo, path);
      const kind = EVENT_KINDS[event.type];
      if (!kind) return "skip";
      return addObservation(event.body, kind.type, kind.update, lineNo, path);
    },

    /** Observations with their merged fields, in the order they first came. */
    merged(): { held: HeldObservation; o: Obj }[] {
      return [...observations.values()].map((held) => ({ held, o: { ...held.create, ...mergeInto({}, held.update) } }));
    },
  };
}

export const isObservationType = (t: unknown): boolean => typeof t === "string" && OBSERVATION_TYPES.has(t);
