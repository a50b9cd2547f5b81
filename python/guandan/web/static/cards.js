// Cards in the engine's short text (docs/rules.md §1.3): rank 2-9 T J Q K A
// and suit s h c d, or SJ / BJ for the jokers. The page never sees another
// seat's cards; it only draws and sorts the texts the server sends.

import { t, getLang } from "/static/i18n.js";

const RANKS = "23456789TJQKA";
const SUIT_SYMBOLS = { s: "♠", h: "♥", c: "♣", d: "♦" };
const SUIT_ORDER = { s: 0, h: 1, c: 2, d: 3 };

export function parseCard(text) {
  if (text === "SJ" || text === "BJ") return { text, rank: text, suit: null, joker: true };
  if (typeof text !== "string" || text.length !== 2 || !RANKS.includes(text[0]) || !(text[1] in SUIT_SYMBOLS)) {
    throw new TypeError(`not a card: ${String(text)}`);
  }
  return { text, rank: text[0], suit: text[1], joker: false };
}

export function splitCards(text) {
  return (text || "").split(/\s+/).filter(Boolean);
}

/** Place in level order (docs/rules.md §1.5): 2..A are 0..12, the level rank 13, SJ 14, BJ 15. */
export function levelValue(card, level) {
  if (card.rank === "SJ") return 14;
  if (card.rank === "BJ") return 15;
  if (card.rank === level) return 13;
  return RANKS.indexOf(card.rank);
}

/** Either heart of the level rank is wild (docs/rules.md §1.4). */
export function isWild(card, level) {
  return !card.joker && card.rank === level && card.suit === "h";
}

/** The rank as players read it: "10" rather than "T". */
export function rankLabel(rank) {
  return rank === "T" ? "10" : rank;
}

/**
 * Sort keys for a hand shown at the bottom: "level" groups by level order
 * (high cards right), "suit" groups by suit then natural rank; jokers last.
 */
export function sortCards(texts, level, mode) {
  const cards = texts.map(parseCard);
  const key = mode === "suit"
    ? (c) => (c.joker ? 400 + levelValue(c, level) : SUIT_ORDER[c.suit] * 100 + levelValue(c, level))
    : (c) => levelValue(c, level) * 10 + (c.joker ? 0 : SUIT_ORDER[c.suit]) + (isWild(c, level) ? 5 : 0);
  return cards
    .map((c, i) => ({ c, i, k: key(c) }))
    .sort((a, b) => a.k - b.k || a.i - b.i)
    .map((x) => x.c.text);
}

/** A rank as a screen reader says it: "10", "jack" (J in Chinese). */
export function rankName(rank) {
  return rank.length === 1 && "JQKA".includes(rank) ? t(`card.rank.${rank.toLowerCase()}`) : rankLabel(rank);
}

/**
 * A card as a screen reader says it, in the current language: "3 of
 * spades" / "黑桃3", "jack of hearts", "big joker" / "大王", and a wild
 * heart (the heart of the level rank) as "2 of hearts, wild" / "红桃2（逢人配）".
 */
export function cardName(text, level) {
  const card = parseCard(text);
  if (card.joker) return t(`kind.joker.${card.rank.toLowerCase()}`);
  const name = t("card.name", { rank: rankName(card.rank), suit: t(`kind.suit.${card.suit}`) });
  return level && isWild(card, level) ? t("card.wild", { card: name }) : name;
}

/** Several cards as a screen reader says them: "3 of spades, 3 of hearts". */
export function cardNames(texts, level) {
  return texts.length ? texts.map((text) => cardName(text, level)).join(getLang() === "en" ? ", " : "、") : t("card.none");
}

/** A span only seen: a screen reader reads the card's name instead. */
function seen(className, text) {
  const span = document.createElement("span");
  span.className = className;
  span.textContent = text;
  span.setAttribute("aria-hidden", "true");
  return span;
}

/**
 * A card element: rank and suit symbol in both corners and the middle, red
 * for hearts and diamonds, a star on wild hearts, a tall "JOKER" for jokers
 * (red for the big joker, black for the small one). Its accessible name is
 * the card's name in the current language (cardName): a button (a card of
 * the hand) is named by aria-label, any other card is an image so named.
 * Built with textContent only.
 */
export function cardElement(text, level, options = {}) {
  const card = parseCard(text);
  const el = document.createElement(options.button ? "button" : "div");
  if (options.button) el.type = "button";
  else el.setAttribute("role", "img");
  el.className = "card";
  el.dataset.card = text;
  el.setAttribute("aria-label", cardName(text, level));
  if (card.joker) {
    el.classList.add("joker", card.rank === "BJ" ? "big-joker" : "small-joker");
    el.append(seen("corner", "JOKER"), seen("pip", "♚"));
    return el;
  }
  el.classList.add(card.suit === "h" || card.suit === "d" ? "red" : "black");
  if (level && card.rank === level) el.classList.add("level-card");
  if (level && isWild(card, level)) el.classList.add("wild");
  const corner = seen("corner", "");
  corner.append(seen("rank", rankLabel(card.rank)), seen("suit", SUIT_SYMBOLS[card.suit]));
  // bottom left, so it shows on a card half covered by the next one
  if (level && isWild(card, level)) el.append(seen("wild-mark", "★"));
  el.prepend(corner, seen("pip", SUIT_SYMBOLS[card.suit]));
  return el;
}

/** A row of small face-up cards (a play on the table, a log line). */
export function cardRow(texts, level, className = "card-row") {
  const row = document.createElement("div");
  row.className = className;
  for (const t of texts) row.append(cardElement(t, level));
  return row;
}

// --- names of plays (the server's move_name, python/guandan/web/guandan_texts.py)

/** A rank as a player reads it, in the current language: "10", "big joker". */
function rankWord(rank) {
  return rank === "SJ" || rank === "BJ" ? t(`kind.joker.${rank.toLowerCase()}`) : rankLabel(rank);
}

/** A rank "in the plural": "Ks", "small jokers" in English; the rank in Chinese. */
function rankWords(rank) {
  return getLang() === "en" ? `${rankWord(rank)}s` : rankWord(rank);
}

/** The ranks of a run of `length` ranks ending at `top`, lowest first (A2345 starts at A). */
function runRanks(top, length) {
  const high = RANKS.indexOf(top);
  const ranks = [];
  for (let step = length - 1; step >= 0; step--) ranks.push(RANKS[(high - step + 13) % 13]);
  return ranks.map(rankLabel);
}

const RUNS = { straight: [5, 1], straight_flush: [5, 1], tube: [3, 2], plate: [2, 3] };

/**
 * The name of a play in the current language, as the server names it (the
 * kind.* templates of Guandan's catalogue, which the page loads): kind and rank as the engine gives them, the cards
 * played and what they were declared as (wild hearts standing in).
 */
export function moveName(kind, rank, cards, declared) {
  const en = getLang() === "en";
  const params = { rank: rankWord(rank), ranks: rankWords(rank) };
  if (kind === "full_house") {
    const pair = declared.map(parseCard).find((c) => c.rank !== rank);
    const pairRank = pair ? pair.rank : rank;
    params.ranks = en ? rankWords(rank) : rankWord(rank).repeat(3);
    params.pairs = en ? rankWords(pairRank) : rankWord(pairRank).repeat(2);
  } else if (kind in RUNS) {
    const [width, copies] = RUNS[kind];
    const ranks = runRanks(rank, width);
    params.run = en ? `${ranks[0]}–${ranks[ranks.length - 1]}` : ranks.map((r) => r.repeat(copies)).join("");
    if (kind === "straight_flush") params.suit = t(`kind.suit.${parseCard(declared[0]).suit}`);
  } else if (kind === "bomb") {
    params.count = t(`kind.count.${cards.length}`);
  }
  let name = t(`kind.${kind}`, params);
  // wild hearts that stand for another card: the declared cards not among those played
  const left = [...cards];
  let standingIn = 0;
  for (const card of declared) {
    const at = left.indexOf(card);
    if (at >= 0) left.splice(at, 1);
    else standingIn += 1;
  }
  if (standingIn) name += t(standingIn === 1 ? "kind.wild.one" : "kind.wild.many", { n: standingIn });
  return name;
}
