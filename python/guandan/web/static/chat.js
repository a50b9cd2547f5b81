// The table chat: lines as plain text (names and text by textContent), kept
// by their number so a line sent live and again in the next view shows once.
import { t } from "/static/i18n.js";
import { el } from "/static/table_view.js";

export class ChatView {
  constructor(container, form, input, send) {
    this.container = container;
    this.lines = new Map();
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      if (send(text) !== false) input.value = "";
    });
  }

  add(line) {
    if (!line || this.lines.has(line.n)) return;
    this.lines.set(line.n, line);
    this.render();
  }

  setLines(lines) {
    const before = this.lines.size;
    for (const line of lines) this.lines.set(line.n, line);
    if (this.lines.size !== before || this.container.childElementCount !== this.lines.size) this.render();
  }

  render() {
    const ordered = [...this.lines.values()].sort((a, b) => a.n - b.n).slice(-100);
    this.container.replaceChildren(...ordered.map((line) => {
      const row = el("div", "chat-line");
      const who = line.name || (line.seat !== null && line.seat !== undefined ? t("seat.n", { n: line.seat + 1 }) : "");
      row.append(el("span", "who", `${who}:`), el("span", "text", line.text));
      return row;
    }));
    this.container.scrollTop = this.container.scrollHeight;
  }
}
