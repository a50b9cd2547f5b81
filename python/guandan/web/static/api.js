// The HTTP half of the protocol (docs/web.md §3): JSON in, JSON out, and
// errors turned into exceptions that carry the server's stable code and its
// {"en", "zh"} message.

export class ApiError extends Error {
  constructor(status, code, message, body = {}) {
    super(typeof message === "object" && message ? message.en : String(message));
    this.status = status;
    this.code = code;
    this.text = message; // {"en", "zh"} for people
    this.table = body.table; // already_hosting: the table the person hosts
  }
}

export async function api(method, path, body) {
  const options = { method, headers: {}, credentials: "same-origin" };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    throw new ApiError(0, "network", { en: "The server cannot be reached.", zh: "无法连接服务器。" });
  }
  let data = null;
  try {
    data = await response.json();
  } catch (_) {
    data = null;
  }
  if (!response.ok) {
    const error = data && data.error ? data.error : { code: "http_" + response.status, message: { en: response.statusText, zh: response.statusText } };
    throw new ApiError(response.status, error.code, error.message, error);
  }
  return data;
}

/** This browser's session: {player, account}, each null when there is none (a guest has no account). */
export async function currentSession() {
  return api("GET", "/api/session");
}

/** The player of this browser's session cookie, or null when there is none. */
export async function currentPlayer() {
  return (await currentSession()).player;
}

export async function setNickname(name) {
  return (await api("POST", "/api/session", { name })).player;
}

const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** The table code in what the user typed: a bare code, or a link ending in /t/CODE. */
export function parseTableCode(text) {
  const trimmed = String(text || "").trim();
  const match = trimmed.match(/(?:\/t\/)?([A-Za-z0-9]{6})\/?(?:[?#].*)?$/);
  if (!match) return null;
  const code = match[1].toUpperCase();
  return [...code].every((ch) => CODE_ALPHABET.includes(ch)) ? code : null;
}

export function tableLink(code) {
  return `/t/${code}`;
}
