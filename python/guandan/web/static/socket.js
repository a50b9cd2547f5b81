// The websocket half of the protocol (docs/web.md §4): one connection per
// table page, reconnected with a growing delay when it drops, and replies
// (selection, hint, error) matched to their request by "id" / "ref". The
// server sends views after the first as patches on the last one (deltas.py):
// they are applied here, so the page always gets whole views.

const FINAL_CLOSE_CODES = new Set([4401, 4404]);

export class TableSocket {
  constructor(code, handlers) {
    this.code = code;
    this.handlers = handlers; // { message(msg), status(state), closedForGood(code) }
    this.nextId = 1;
    this.pending = new Map();
    this.delay = 500;
    this.stopped = false;
    this.view = null; // the last whole view, as the server built it
    this.version = 0;
    this.connect();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    this.view = null;
    this.ws = new WebSocket(`${scheme}://${location.host}/ws/${this.code}?deltas=1`);
    this.handlers.status("connecting");
    this.ws.addEventListener("open", () => {
      this.delay = 500;
      this.handlers.status("connected");
    });
    this.ws.addEventListener("message", (event) => this.receive(event.data));
    this.ws.addEventListener("close", (event) => this.closed(event));
  }

  receive(data) {
    let message;
    try {
      message = JSON.parse(data);
    } catch (_) {
      return;
    }
    if (message.type === "view" || message.type === "patch") {
      const view = this.rebuilt(message);
      if (view) this.handlers.message(view);
      return;
    }
    if (message.ref !== undefined && this.pending.has(message.ref)) {
      const { resolve } = this.pending.get(message.ref);
      this.pending.delete(message.ref);
      resolve(message);
      return;
    }
    this.handlers.message(message);
  }

  /** The whole view a view or patch message stands for; null (and a fresh
   * connection, which starts with a whole view) when a patch does not fit. */
  rebuilt(message) {
    if (message.type === "view") {
      this.view = message;
    } else if (this.view && message.base === this.version) {
      this.view = applyPatch(this.view, message.ops);
    } else {
      this.ws.close();
      return null;
    }
    this.version = message.version;
    return structuredClone(this.view); // the page may change its copy
  }

  closed(event) {
    for (const { resolve } of this.pending.values()) resolve({ type: "error", code: "closed", message: null });
    this.pending.clear();
    if (this.stopped) return;
    if (FINAL_CLOSE_CODES.has(event.code)) {
      this.stopped = true;
      this.handlers.closedForGood(event.code);
      return;
    }
    this.handlers.status("reconnecting");
    setTimeout(() => this.connect(), this.delay);
    this.delay = Math.min(this.delay * 2, 8000);
  }

  /** Send a message; no reply is awaited (views come by themselves). */
  send(type, fields = {}) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify({ type, ...fields }));
    return true;
  }

  /** Send a message with an id and resolve with the reply carrying it back. */
  request(type, fields = {}) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      if (!this.send(type, { ...fields, id })) {
        resolve({ type: "error", code: "closed", message: null });
        return;
      }
      this.pending.set(id, { resolve });
    });
  }

  stop() {
    this.stopped = true;
    if (this.ws) this.ws.close();
  }
}

/** ``view`` with the operations of a patch applied (deltas.py): set, del, add. */
export function applyPatch(view, ops) {
  let result = structuredClone(view);
  for (const [kind, path, value] of ops) {
    if (kind === "set" && path.length === 0) {
      result = structuredClone(value);
      continue;
    }
    let parent = result;
    const steps = kind === "add" ? path : path.slice(0, -1);
    for (const step of steps) parent = parent[step];
    if (kind === "set") parent[path[path.length - 1]] = value;
    else if (kind === "del") delete parent[path[path.length - 1]];
    else if (kind === "add") parent.push(...value);
  }
  return result;
}
