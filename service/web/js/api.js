// @ts-check
// The only door to the service: GraphQL over fetch (queries, mutations) and graphql-transport-ws
// (subscriptions, via the vendored graphql-ws client). The seat token goes in the Authorization
// header, and for a subscription in the connection_init payload, as service/auth.py expects;
// the chosen language goes with both, as Accept-Language.
import { createClient } from "../vendor/graphql-ws/client.js";
import { errorWords } from "./errors.js";
import { currentLang } from "./i18n.js";

/**
 * Marks a GraphQL document in the source, so tests/web/test_operations.py finds every one and
 * validates it against openapi/schema.graphql. It only joins the literal: no interpolation.
 * @param {TemplateStringsArray} strings
 * @returns {string}
 */
export function gql(strings) {
  if (strings.length !== 1) throw new Error("gql documents take no interpolation");
  return strings[0];
}

/**
 * A refusal of the API: its message is in words a player understands, in the chosen language
 * (`errors.js`, by code); the API's own message, written for programs too, is `detail`.
 */
export class ApiError extends Error {
  /** @param {string} code @param {any} [extensions] @param {string} [detail] */
  constructor(code, extensions, detail) {
    super(errorWords(code));
    this.name = "ApiError";
    this.code = code;
    this.extensions = extensions || {};
    this.detail = detail || "";
  }
}

/**
 * @param {string|null|undefined} token
 * @returns {Record<string, string>}
 */
function headers(token) {
  /** @type {Record<string, string>} */
  const h = { "Content-Type": "application/json", Accept: "application/json", "Accept-Language": currentLang() };
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

/**
 * Run one query or mutation. Resolves to `data`; rejects with an ApiError in words.
 * @param {string} query  documents joined (the operation and the fragments it spreads)
 * @param {Record<string, any>} [variables]
 * @param {string|null} [token]
 * @returns {Promise<any>}
 */
export async function request(query, variables = {}, token = null) {
  // Offline, the browser would only fail the request: say so at once.
  if (typeof navigator !== "undefined" && navigator.onLine === false) throw new ApiError("NETWORK");
  let response;
  try {
    response = await fetch("/graphql", {
      method: "POST",
      headers: headers(token),
      body: JSON.stringify({ query, variables }),
    });
  } catch (err) {
    throw new ApiError("NETWORK");
  }
  /** @type {any} */
  let body = null;
  try {
    body = await response.json();
  } catch (err) {
    throw new ApiError("BAD_ANSWER", {}, `HTTP ${response.status}`);
  }
  if (body && Array.isArray(body.errors) && body.errors.length) {
    const first = body.errors[0];
    const ext = first.extensions || {};
    throw new ApiError(ext.code || "ERROR", ext, first.message);
  }
  if (!response.ok && !(body && body.data)) {
    throw new ApiError((body && body.code) || String(response.status), {}, body && (body.detail || body.title));
  }
  return body.data;
}

/**
 * POST a JSON body to the REST API (`/api/v1` + `path`): only for what GraphQL cannot carry, a
 * whole record to replay (GraphQL's request bodies are as small as every other write's).
 * Resolves to the answer; rejects with an ApiError in words (the problem's code).
 * @param {string} path  @param {any} body
 * @returns {Promise<any>}
 */
export async function post(path, body) {
  if (typeof navigator !== "undefined" && navigator.onLine === false) throw new ApiError("NETWORK");
  let response;
  try {
    response = await fetch(`/api/v1${path}`, { method: "POST", headers: headers(null), body: JSON.stringify(body) });
  } catch (err) {
    throw new ApiError("NETWORK");
  }
  /** @type {any} */
  let answer = null;
  try {
    answer = await response.json();
  } catch (err) {
    throw new ApiError("BAD_ANSWER", {}, `HTTP ${response.status}`);
  }
  if (!response.ok) throw new ApiError((answer && answer.code) || String(response.status), answer || {}, answer && answer.detail);
  return answer;
}

/**
 * A live subscription of one game as one seat (or a spectator). Calls `onData` with every
 * message's data, `onState` with "live" | "reconnecting" | "ended"; the client reconnects by
 * itself (and the first message after a reconnect is the whole game again: the resync).
 * graphql-ws sends the same `variables` object again on every reconnect, so a caller may
 * update it (a resume's `after`) between messages.
 * @param {string} query
 * @param {Record<string, any>} variables
 * @param {string|null} token
 * @param {{onData: (data: any) => void, onError: (err: ApiError) => void,
 *          onState: (state: string) => void}} handlers
 * @returns {() => void} stops the subscription and closes its connection
 */
export function subscribe(query, variables, token, handlers) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const client = createClient({
    url: `${scheme}//${location.host}/graphql`,
    // The page's language, not the browser's (which the upgrade request carries).
    connectionParams: () => ({ ...(token ? { token } : {}), "Accept-Language": currentLang() }),
    retryAttempts: Infinity,
    shouldRetry: () => true,
    retryWait: async (retries) => {
      await new Promise((resolve) => setTimeout(resolve, Math.min(500 * 2 ** retries, 5000)));
    },
    keepAlive: 10000,
    on: {
      connected: () => handlers.onState("live"),
      closed: () => { if (!stopped) handlers.onState("reconnecting"); },
    },
  });
  let stopped = false;
  const dispose = client.subscribe(
    { query, variables },
    {
      next: (message) => {
        if (message.errors && message.errors.length) {
          const first = /** @type {any} */ (message.errors[0]);
          handlers.onError(new ApiError((first.extensions || {}).code || "ERROR", first.extensions, first.message));
        } else if (message.data) {
          handlers.onData(message.data);
        }
      },
      error: (err) => {
        handlers.onError(new ApiError("LIVE", {}, err instanceof Error ? err.message : ""));
      },
      complete: () => { if (!stopped) handlers.onState("ended"); },
    },
  );
  return () => {
    stopped = true;
    dispose();
    client.dispose();
  };
}
