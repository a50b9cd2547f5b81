// Drawing a seat view (docs/web.md §5): the status bar, the seats round the
// felt, the play log and the deal and match summaries. Pure drawing: no
// messages are sent from here. Every server string goes in by textContent.
import { t, pick } from "/static/i18n.js";
import { cardRow, rankLabel } from "/static/cards.js";

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

export function teamLabel(view, team) {
  const mine = view.me && view.me.seat !== null && view.me.seat !== undefined ? view.me.seat % 2 : null;
  if (mine === null) return t("table.team.n", { n: team + 1 });
  return team === mine ? t("table.team.us") : t("table.team.them");
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
  document.getElementById("table-ruleset").textContent = `${t("lobby.ruleset")}: ${t("ruleset." + table.ruleset)} · ${t("lobby.strength")}: ${t("strength." + table.bots)} · ${t(table.public ? "room.public" : "room.private")}`;
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
  if (mySeat !== null && seat === mySeat) head.append(" ", el("span", "tag", `(${t("seat.you")})`));
  else if (mySeat !== null && seat === (mySeat ^ 2)) head.append(" ", el("span", "tag", `(${t("seat.partner")})`));
  if (info.bot && (!info.human || info.away)) head.append(" ", el("span", "tag bot-tag", `[${t("strength." + info.bot)}]`));
  if (info.away) head.append(" ", el("span", "tag", `(${t("seat.away")})`));
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
  const isTurn = deal && deal.turn === seat && deal.phase !== "over";
  box.classList.toggle("turn", Boolean(isTurn));
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

/** The body of the end-of-deal summary: result, finishing order, levels climbed. */
export function dealSummaryNodes(view) {
  const results = view.match && view.match.results ? view.match.results : [];
  const result = results[results.length - 1];
  const nodes = [];
  if (!result) return nodes;
  nodes.push(el("p", "summary-winners", t("summary.winners", { team: teamLabel(view, result.winning_team) })));
  nodes.push(el("p", "summary-result", t("summary.result", { result: result.outcome })));
  const order = el("ol", "summary-order");
  for (const seat of result.placing || result.finishing_order) order.append(el("li", null, seatName(view, seat)));
  nodes.push(el("p", null, t("summary.order")), order);
  for (const team of [0, 1]) {
    const from = rankLabel(result.levels_before[team]);
    const to = rankLabel(result.levels_after[team]);
    nodes.push(el("p", `climb team${team}`, t("summary.climb", { team: teamLabel(view, team), from, to })));
  }
  return nodes;
}

export function matchSummaryNodes(view) {
  const match = view.match;
  const nodes = [el("p", "summary-winners", t("summary.matchwinner", { team: teamLabel(view, match.winner) }))];
  nodes.push(el("p", null, t("summary.deals", { n: (match.results || []).length })));
  for (const team of [0, 1]) nodes.push(el("p", `climb team${team}`, `${teamLabel(view, team)}: ${rankLabel(match.levels[team])}`));
  return nodes;
}
