// The websocket half of the protocol (docs/web.md §4): one connection per
// table page, reconnected with a growing delay when it drops, and replies
// (selection, hint, error) matched to their request by "id" / "ref".

const FINAL_CLOSE_CODES = new Set([4401, 4404]);

export class TableSocket {
  constructor(code, handlers) {
    this.code = code;
    this.handlers = handlers; // { message(msg), status(state), closedForGood(code) }
    this.nextId = 1;
    this.pending = new Map();
    this.delay = 500;
    this.stopped = false;
    this.connect();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    this.ws = new WebSocket(`${scheme}://${location.host}/ws/${this.code}`);
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
    if (message.ref !== undefined && this.pending.has(message.ref)) {
      const { resolve } = this.pending.get(message.ref);
      this.pending.delete(message.ref);
      resolve(message);
      return;
    }
    this.handlers.message(message);
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
