// Drawing a seat view (docs/web.md §5): the status bar, the seats round the
// felt, the play log and the deal and match summaries. Pure drawing: no
// messages are sent from here. Every server string goes in by textContent.
import { t, pick, hasKey, strengthName } from "/static/i18n.js";
import { cardRow, rankLabel, sortCards } from "/static/cards.js";

export const POSITIONS = ["bottom", "right", "top", "left"]; // by (seat - mySeat) mod 4

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

/** Where a seat sits on this screen: my seat at the bottom, partner on top, next seat on the right. */
export function position(seat, mySeat) {
  return POSITIONS[(seat - (mySeat ?? 0) + 4) % 4];
}

export function seatName(view, seat) {
  const info = view.seats ? view.seats[seat] : null;
  if (info && info.name) return info.name;
  const summary = view.table && view.table.seats ? view.table.seats[seat] : null;
  if (summary && summary.name) return summary.name;
  if (info && info.bot) return `${t("seat.bot")} ${seat + 1}`;
  return t("seat.n", { n: seat + 1 });
}

/**
 * Who played a seat of a finished game, as its log or replay records them
 * (`players`: [{name, bot}], docs/web.md §7): a person by name, a bot as
 * "Bot 3"; "Seat 3" where the log names no one.
 */
export function playerName(players, seat) {
  const player = players ? players[seat] : null;
  if (player && player.name) return player.name;
  if (player && player.bot) return `${t("seat.bot")} ${seat + 1}`;
  return t("seat.n", { n: seat + 1 });
}

/** A team of a finished Guandan match by its two players ("Lin and Cy"), or "Team 1" where the log names no one. */
export function teamOfPlayers(players, team) {
  if (!players) return t("table.team.n", { n: team + 1 });
  return t("team.pair", { a: playerName(players, team), b: playerName(players, team + 2) });
}

/**
 * The notes after a seat's name in one bracket, as a person writes them:
 * " (Partner, simple)", "（搭档，简单）"; null when there is none.
 */
export function seatNotes(notes) {
  const kept = notes.filter(Boolean);
  return kept.length ? t("seat.notes", { notes: kept.join(t("seat.notes.sep")) }) : null;
}

/** Who plays a seat for now, when it is not its person: the bot's strength, or "away: a simple bot plays". */
export function botNote(info) {
  if (info.away) return info.bot ? t("seat.away.bot", { strength: strengthName(info.bot) }) : t("seat.away");
  return info.bot && !info.human ? strengthName(info.bot) : null;
}

export function teamLabel(view, team) {
  const mine = view.me && view.me.seat !== null && view.me.seat !== undefined ? view.me.seat % 2 : null;
  if (mine === null) return t("table.team.n", { n: team + 1 });
  return team === mine ? t("table.team.us") : t("table.team.them");
}

/** "Your team", "The other team", or "Team 2" for whoever holds no seat: the subject of a sentence. */
function teamWhich(view, team) {
  const mine = view.me && view.me.seat !== null && view.me.seat !== undefined ? view.me.seat % 2 : null;
  if (mine === null) return "team";
  return team === mine ? "us" : "them";
}

export function teamTag(view, team, extra = "") {
  return el("span", `team-tag team${team}`, teamLabel(view, team) + extra);
}

export function placeBadge(place, deal) {
  if (!place) return null;
  const over = deal && deal.phase === "over";
  if (place === 1) return t("badge.first");
  if (place === 4 || (over && place === 4)) return t("badge.last");
  return place === 2 ? t("badge.second") : t("badge.third");
}

/** The status bar: code, ruleset, deal number, the level played and both teams' levels. */
export function renderStatus(view) {
  const table = view.table;
  document.getElementById("table-code").textContent = t("table.code", { code: table.code });
  document.getElementById("table-ruleset").textContent = `${t("lobby.ruleset")}: ${t("option.ruleset." + table.ruleset)} · ${t("lobby.strength")}: ${strengthName(table.bots)} · ${t(table.public ? "room.public" : "room.private")}`;
  const deal = view.deal;
  const match = view.match;
  document.getElementById("deal-number").textContent = deal ? t("table.deal", { n: deal.number }) : "";
  document.getElementById("level-played").textContent = deal ? t("table.playing", { level: rankLabel(deal.level) }) : "";
  const levels = document.getElementById("team-levels");
  levels.replaceChildren();
  if (match && match.levels) {
    levels.append(el("span", null, t("table.levels") + ": "));
    for (const team of [0, 1]) {
      const declaring = match.declarers === team ? ` ★ ${t("table.declarers")}` : "";
      const tag = teamTag(view, team, ` ${rankLabel(match.levels[team])}${declaring}`);
      tag.dataset.team = String(team);
      levels.append(tag, " ");
    }
  }
}

/** One seat round the felt (or my own summary line above the hand). */
export function renderSeat(box, view, seat) {
  const info = view.seats[seat];
  const deal = view.deal;
  const mySeat = view.me.seat;
  box.replaceChildren();
  box.className = box.id === "seat-me" ? "seat-summary" : `seat-box team${seat % 2}`;
  box.dataset.seat = String(seat);
  const head = el("div", "name");
  head.append(el("span", "seat-name", seatName(view, seat)));
  let role = null;
  if (mySeat !== null && seat === mySeat) role = t("seat.you");
  else if (mySeat !== null && seat === (mySeat ^ 2)) role = t("seat.partner");
  const notes = seatNotes([role, botNote(info)]);
  if (notes) head.append(el("span", "tag", notes));
  const badge = placeBadge(info.place, deal);
  if (badge) head.append(el("span", "badge", badge));
  box.append(head);

  const meta = el("div", "meta");
  meta.append(el("span", "card-count", t("seat.cards", { n: deal ? deal.counts[seat] : 0 })));
  if (deal && deal.turn === seat && deal.phase !== "over") meta.append(" · ", el("span", "turn-tag", t("seat.turn")));
  if (deal && deal.phase === "over" && info.ready) meta.append(" ✓");
  box.append(meta);

  const played = el("div", "played");
  const last = info.last;
  if (last && last.type === "play") {
    played.append(cardRow(last.cards, deal ? deal.level : null), el("div", "play-name", pick(last.name)));
  } else if (last && last.type === "pass") {
    played.append(el("span", "pass-marker", t("seat.passed")));
  }
  box.append(played);
  for (const note of tributeNotes(view, seat)) box.append(note);
  const left = deal && deal.phase === "over" && deal.remaining ? deal.remaining[seat] || [] : [];
  if (left.length && box.id !== "seat-me") {
    // the deal is over: the cards this seat still held are public
    const held = el("div", "remaining");
    held.append(el("span", "remaining-label", t("seat.left")), cardRow(sortCards(left, deal.level, "level"), deal.level, "card-row remaining-cards"));
    box.append(held);
  }
  const isTurn = deal && deal.turn === seat && deal.phase !== "over";
  box.classList.toggle("turn", Boolean(isTurn));
}

/** What a seat paid or returned in this deal's tribute, kept in its box for the whole deal. */
export function tributeNotes(view, seat) {
  const deal = view.deal;
  const tribute = deal && deal.tribute;
  if (!tribute) return [];
  const notes = [];
  for (const [key, list] of [["tribute.note.paid", tribute.paid || []], ["tribute.note.returned", tribute.returned || []]]) {
    for (const gift of list) {
      if (gift.seat !== seat) continue;
      const note = el("div", "tribute-note", t(key, { to: seatName(view, gift.to) }));
      note.dataset.kind = key === "tribute.note.paid" ? "paid" : "returned";
      note.append(cardRow([gift.card], deal.level));
      notes.push(note);
    }
  }
  return notes;
}

function logLine(view, entry, level) {
  const line = el("div", "entry");
  line.dataset.type = entry.type;
  const name = seatName(view, entry.seat);
  if (entry.type === "play") {
    line.append(el("span", "who", `${name}:`), cardRow(entry.cards, level), el("span", null, pick(entry.name)));
  } else if (entry.type === "pass") {
    line.append(el("span", null, t("log.passes", { name })));
  } else if (entry.type === "tribute" || entry.type === "return") {
    const key = entry.type === "tribute" ? "tribute.gave" : "tribute.gaveback";
    line.append(el("span", null, t(key, { from: name, to: seatName(view, entry.to) })), cardRow([entry.card], level));
  }
  return line;
}

/** The deal's play log, newest at the bottom. */
export function renderLog(container, view) {
  const deal = view.deal;
  container.replaceChildren();
  if (!deal) return;
  container.append(el("div", "entry deal-start", t("log.newdeal", { n: deal.number, level: rankLabel(deal.level) })));
  if (deal.tribute && deal.tribute.cancelled) container.append(el("div", "entry", t("tribute.cancelled")));
  for (const entry of deal.log || []) container.append(logLine(view, entry, deal.level));
  container.scrollTop = container.scrollHeight;
}

/** A deal's result ("1-2") said so that a newcomer follows it: where the winners' partner finished. */
export function outcomeText(outcome) {
  const key = `summary.outcome.${String(outcome).replace("-", "")}`;
  return hasKey(key) ? t(key) : t("summary.result", { result: outcome });
}

/** The body of the end-of-deal summary: result, finishing order, levels climbed. */
export function dealSummaryNodes(view) {
  const results = view.match && view.match.results ? view.match.results : [];
  const result = results[results.length - 1];
  const nodes = [];
  if (!result) return nodes;
  nodes.push(el("p", "summary-winners", t(`summary.winners.${teamWhich(view, result.winning_team)}`, { n: result.winning_team + 1 })));
  nodes.push(el("p", "summary-result", outcomeText(result.outcome)));
  const order = el("ol", "summary-order");
  for (const seat of result.placing || result.finishing_order) order.append(el("li", null, seatName(view, seat)));
  nodes.push(el("p", null, t("summary.order")), order);
  for (const team of [0, 1]) {
    const from = rankLabel(result.levels_before[team]);
    const to = rankLabel(result.levels_after[team]);
    nodes.push(el("p", `climb team${team}`, t("summary.climb", { team: t(`summary.team.${teamWhich(view, team)}`, { n: team + 1 }), from, to })));
  }
  const deal = view.deal;
  const held = deal && deal.phase === "over" && deal.remaining ? deal.remaining : [];
  const rows = [];
  for (let seat = 0; seat < held.length; seat++) {
    if (!held[seat] || !held[seat].length) continue;
    const row = el("li", "summary-left-seat");
    row.dataset.seat = String(seat);
    row.append(el("span", "who", `${seatName(view, seat)}:`), cardRow(sortCards(held[seat], deal.level, "level"), deal.level));
    rows.push(row);
  }
  if (rows.length) {
    const list = el("ul", "summary-left");
    list.append(...rows);
    nodes.push(el("p", null, t("summary.left")), list);
  }
  return nodes;
}

export function matchSummaryNodes(view) {
  const match = view.match;
  const which = teamWhich(view, match.winner);
  // the banner first: for the winners a gold medal and a little confetti
  // (still for whoever asks for reduced motion); a plain line for the losers
  const banner = el("div", `match-banner team${match.winner}` + (which === "them" ? "" : " celebrate"));
  banner.setAttribute("role", "status");
  if (which !== "them") {
    const confetti = el("div", "confetti");
    confetti.setAttribute("aria-hidden", "true");
    for (let i = 0; i < 14; i++) confetti.append(el("span", `bit bit${i % 7}`));
    const medal = el("div", "medal", "★");
    medal.setAttribute("aria-hidden", "true");
    banner.append(confetti, medal);
  }
  banner.append(el("p", "summary-winners match-winner", t(`summary.matchwinner.${which}`, { n: match.winner + 1 })));
  const nodes = [banner];
  nodes.push(el("p", null, t("summary.deals", { n: (match.results || []).length })));
  for (const team of [0, 1]) nodes.push(el("p", `climb team${team}`, `${t(`summary.team.${teamWhich(view, team)}`, { n: team + 1 })}: ${rankLabel(match.levels[team])}`));
  return nodes;
}
