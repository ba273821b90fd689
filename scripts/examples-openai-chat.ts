// The OpenAI chat examples of `npm run examples` (see scripts/examples.ts):
// two tau-bench-style airline support runs of gpt-4o in one JSON list, as
// tau-bench writes its results (`{task_id, trial, reward, info, traj}`, the
// trajectory OpenAI chat messages with `tool_calls`, no times, no token
// usage), with the run's `model`.
// Trial 0 is stuck from its first step: told the flight, it calls
// update_reservation_flights straight away, without looking the flight up,
// with the same arguments seven times, and gets the same error each time
// (reward 0).
// Trial 1 picks a flight that has seats and succeeds (reward 1).
// Deterministic: no clock, no randomness (docs/import.md#openai-chat-runs).

type Json = Record<string, unknown>;

const MODEL = "gpt-4o-2024-08-06";
const POLICY = "# Airline Agent Policy\n\nThe current time is 2024-05-10 09:00:00 EST.\nYou help users change flights.";
const RESERVATION = "XEHM4B";
const PAYMENT = "credit_card_4421486";
const FLIGHTS = [
  { flight_number: "HAT030", date: "2024-05-13", available_seats: { economy: 0 }, price: { economy: 152 } },
  { flight_number: "HAT031", date: "2024-05-13", available_seats: { economy: 7 }, price: { economy: 168 } },
];
const NOT_AVAILABLE = "Error: flight HAT030 not available on date 2024-05-13";

/** One trajectory being written: its messages and the next call id. */
type Traj = { messages: Json[]; calls: number };

const user = (t: Traj, content: string) => void t.messages.push({ role: "user", content });

const reply = (t: Traj, content: string) => void t.messages.push({ role: "assistant", content });

/** An assistant message with one tool call, and the tool message answering it. */
function call(t: Traj, name: string, args: Json, result: string): void {
  t.calls += 1;
  const id = `call_${String(t.calls).padStart(2, "0")}${name.slice(0, 6)}`;
  const fn = { name, arguments: JSON.stringify(args) };
  t.messages.push({
    role: "assistant",
    content: null,
    tool_calls: [{ id, type: "function", function: fn }],
  });
  t.messages.push({ role: "tool", tool_call_id: id, name, content: result });
}

/** The solved trial's start: the user's ask, the reservation, the flights of the day. */
function opening(): Traj {
  const t: Traj = { messages: [{ role: "system", content: POLICY }], calls: 0 };
  user(t, `Hi, I need to move my reservation ${RESERVATION} to May 13, same route, economy.`);
  const reservation = { reservation_id: RESERVATION, origin: "JFK", destination: "SEA", cabin: "economy" };
  call(t, "get_reservation_details", { reservation_id: RESERVATION }, JSON.stringify(reservation));
  const search = { origin: "JFK", destination: "SEA", date: "2024-05-13" };
  call(t, "search_direct_flight", search, JSON.stringify(FLIGHTS));
  return t;
}

const update = (flight: string) => ({
  reservation_id: RESERVATION,
  cabin: "economy",
  flights: [{ flight_number: flight, date: "2024-05-13" }],
  payment_id: PAYMENT,
});

/** Trial 0: told the flight, it books it straight away and retries the same call seven times. */
function stuckTrial(): Json {
  const t: Traj = { messages: [{ role: "system", content: POLICY }], calls: 0 };
  user(t, `Move my reservation ${RESERVATION} to flight HAT030 on May 13, economy, paid with ${PAYMENT}.`);
  for (let i = 0; i < 7; i++) call(t, "update_reservation_flights", update("HAT030"), NOT_AVAILABLE);
  reply(t, "I'm sorry, I was unable to change your reservation.");
  return { task_id: 7, model: MODEL, reward: 0.0, info: info(0), traj: t.messages, trial: 0 };
}

function solvedTrial(): Json {
  const t = opening();
  reply(t, "HAT030 is full in economy; HAT031 leaves at 10:00 for $168. Shall I move you to HAT031? (yes/no)");
  user(t, "Yes, please.");
  const updated = { reservation_id: RESERVATION, flights: [{ flight_number: "HAT031", date: "2024-05-13" }] };
  call(t, "update_reservation_flights", update("HAT031"), JSON.stringify(updated));
  reply(t, "Done: your reservation XEHM4B is now on HAT031 on May 13. The fare difference of $16 was charged.");
  return { task_id: 7, model: MODEL, reward: 1.0, info: info(1), traj: t.messages, trial: 1 };
}

/** tau-bench's `info`: the task and the grading (kept in the run's attrs). */
function info(reward: number): Json {
  const task = { user_id: "omar_davis_3817", instruction: `Move reservation ${RESERVATION} to May 13.`, outputs: [] };
  return { task, source: "user", user_cost: 0.0021, reward_info: { reward, info: { r_actions: reward } } };
}

/** The examples: path inside examples/ → file text. */
export function buildOpenAiChatExamples(): Record<string, string> {
  return { "openai-chat/support-runs.json": `${JSON.stringify([stuckTrial(), solvedTrial()], null, 2)}\n` };
}
