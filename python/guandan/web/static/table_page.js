// What every game's table page shares: the table actions over HTTP, the
// room's handlers (join, request, approve, reject, remove, allow, start),
// the table tools (share, step away, leave, end) and the nickname form of a
// newcomer. Each game's page (table.js, gdy_table.js) draws its own game.
import { t, pick, applyI18n } from "/static/i18n.js";
import { api, setNickname } from "/static/api.js";
import { confirmDialog, closeDialog } from "/static/dialog.js";

const $ = (id) => document.getElementById(id);

/** What a refused request says, in the current language: the server's
 * text, or, when the connection dropped before the reply came (socket.js:
 * code "closed"), that it is reconnecting; not a raw code. */
export function refusalText(reply) {
  if (reply.message) return pick(reply.message);
  return reply.code === "closed" ? t("table.reconnecting") : reply.code;
}

/** The kind of line a refusal makes: "offline" (gone once reconnected) or "error". */
export function refusalKind(reply) {
  return reply.code === "closed" ? "offline" : "error";
}

/** The text key of the socket's state (socket.js) for the header. */
export function connectionKey(status) {
  if (status === "connected") return "table.connected";
  return status === "connecting" ? "table.connecting" : "table.reconnecting";
}

/** The line under the room: an error, or a plain note. */
export function roomSay(text, isError = true) {
  $("room-message").textContent = text;
  $("room-message").classList.toggle("error", isError);
}

/**
 * A table action (docs/web.md §3) for the table `code`; a refusal is shown
 * in the room and passed to `onError` (the page's own line), then rethrown.
 */
export async function tableAction(code, action, body = {}, onError = () => {}) {
  try {
    return await api("POST", `/api/tables/${code}/${action}`, body);
  } catch (error) {
    roomSay(pick(error.text));
    onError(error);
    throw error;
  }
}

/** The handlers of the room (room.js) for the table `code`. */
export function roomHandlers(code, { act, restartSocket }) {
  return {
    join: async () => {
      const reply = await act("join", {});
      if (reply.requested) roomSay(t("room.pending"), false);
      restartSocket();
    },
    request: async () => {
      await act("request", {});
      roomSay(t("room.pending"), false);
    },
    approve: (player, seat) => act("approve", seat === null ? { player } : { player, seat }),
    reject: (player) => act("reject", { player }),
    // removing a friend mid-game is not undone by a click: it asks first
    remove: async (seat, name) => {
      if (await confirmDialog(t("room.remove"), t("room.remove.confirm", { name }))) await act("remove", { seat });
    },
    allow: (player) => act("allow", { player }),
    start: async () => {
      try {
        await api("POST", `/api/tables/${code}/start`, {});
      } catch (error) {
        if (error.code !== "not_full") {
          roomSay(pick(error.text));
          return;
        }
        if (await confirmDialog(t("room.start"), t("room.start.notfull"))) await act("start", { anyway: true });
      }
    },
  };
}

/** The room asks a newcomer without a session for a nickname. */
export function askNickname() {
  $("room").hidden = false;
  $("room-host-tools").hidden = true;
  $("room-guest").hidden = true;
  $("room-nickname").hidden = false;
  $("room-nickname-input").focus();
}

/**
 * Wire the table tools and the nickname form: share the link, step away or
 * come back (`isAway()`), leave, end the table, and `connect()` once a
 * newcomer has a nickname.
 */
/**
 * The side panel's table tools for `view`: step away, leave, end, the log
 * and the replay (`replayPage` of static/). Whoever only watches a match
 * under way has none of them: the panel goes rather than stay empty.
 */
export function renderTableTools(view, code, replayPage) {
  const me = view.me;
  const status = view.table.status;
  const seated = me.seat !== null && me.seat !== undefined;
  $("step-away").hidden = !seated || status !== "playing";
  $("step-away").textContent = me.away ? t("act.comeback") : t("act.stepaway");
  $("leave").hidden = !seated || status === "ended";
  $("end-table").hidden = !me.host || status === "ended";
  const finished = status === "over" || status === "ended";
  $("download-log").hidden = !finished;
  $("download-log").href = `/api/tables/${code}/log`;
  $("watch-replay").hidden = !finished;
  $("watch-replay").href = `/static/${replayPage}?code=${code}`;
  const panel = $("step-away").closest(".table-tools");
  panel.hidden = [...panel.children].every((tool) => tool.hidden);
}

export function wireTableTools({ act, isAway, connect }) {
  $("share-copy").addEventListener("click", async () => {
    try { await navigator.clipboard.writeText($("share-link").value); } catch (_) { $("share-link").select(); }
    roomSay(t("table.copied"), false);
  });
  $("step-away").addEventListener("click", () => act("away", { away: !isAway() }));
  $("leave").addEventListener("click", async () => {
    if (!(await confirmDialog(t("act.leave"), t("act.leave.confirm")))) return;
    await act("leave", {});
    location.href = "/";
  });
  $("end-table").addEventListener("click", async () => {
    if (await confirmDialog(t("act.end"), t("act.end.confirm"))) await act("end", {});
  });
  $("room-nickname").addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = $("room-nickname-input").value.trim();
    if (!name) return roomSay(t("lobby.nickname.needed"));
    try {
      await setNickname(name);
    } catch (error) {
      roomSay(pick(error.text));
      return;
    }
    $("room-nickname").hidden = true;
    roomSay("", false);
    connect();
  });
}

/** The keys of every table, by key (letters in lower case). */
const TABLE_KEYS = {
  ArrowLeft: (keys) => keys.move(-1),
  ArrowRight: (keys) => keys.move(1),
  " ": (keys) => keys.toggleCursor(),
  Enter: (keys) => keys.play(),
  p: (keys) => keys.pass(),
  h: (keys) => keys.hint(),
  Escape: (keys) => keys.clear(),
};

/** The lines of the keys panel for the keys above, in order. */
const TABLE_KEYS_HELP = ["keys.select", "keys.rank", "keys.play", "keys.pass", "keys.hint", "keys.clear"];

/**
 * The table's keyboard, listed in the keys panel (#keys-help): ← → move
 * along the hand, Space selects, a rank key selects the next card of that
 * rank, Enter plays, P passes, H asks for a hint, Esc clears; `keys.own`
 * adds a page's own ({ s: sort }) and `keys.ownHelp` their lines.
 * `keys.rank(key)` selects by rank and says whether the key names one;
 * `keys.after()` redraws. Nothing is taken from a text field or a key with
 * a modifier; over a dialog, Esc closes it.
 */
export function wireTableKeys(keys) {
  const help = document.querySelector("#keys-help ul");
  help.replaceChildren(...[...TABLE_KEYS_HELP, ...(keys.ownHelp || [])].map((key) => {
    const line = document.createElement("li");
    line.dataset.i18n = key;
    return line;
  }));
  applyI18n(help);
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (target && ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (!$("dialog").hidden) {
      if (event.key === "Escape") closeDialog();
      return;
    }
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const action = TABLE_KEYS[key] || (keys.own || {})[key];
    if (action) action(keys);
    else if (!keys.rank(event.key)) return;
    event.preventDefault();
    keys.after();
  });
}

/** The coach line's text: "thinking", a refusal, the coach's comment, or a
 * hint in the page's own words (`hintText(reply)`). */
export function coachLineText(line, hintText) {
  if (!line) return "";
  if (line.thinking) return t("hint.thinking");
  if (line.refusal) return refusalText(line.refusal);
  if (line.coach) return `${t("coach.says")} ${pick(line.coach)}`;
  return line.hint ? hintText(line.hint) : "";
}
