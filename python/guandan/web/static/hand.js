// The player's hand at the bottom of the table: sorted for display (level
// order or suit), cards selected by click, tap or keyboard, and some cards
// highlighted (the legal return cards, a hint). Two copies of one card are
// two slots, so the selection is kept by slot, not by card text.
import { cardElement, sortCards } from "/static/cards.js";

const RANK_KEYS = { "0": "T", t: "T", j: "J", q: "Q", k: "K", a: "A" };

export class HandView {
  constructor(container, onChange) {
    this.container = container;
    this.onChange = onChange;
    this.cards = []; // sorted card texts, one per slot
    this.selected = new Set(); // slot indices
    this.highlighted = new Set(); // card texts
    this.cursor = -1;
    this.level = "2";
    this.sortMode = localStorage.getItem("guandan.sort") === "suit" ? "suit" : "level";
  }

  /** Show a new hand; keep the selection of cards still held. */
  setHand(texts, level) {
    const previous = this.selectedCards();
    const changed = level !== this.level || texts.length !== this.cards.length || [...texts].sort().join() !== [...this.cards].sort().join();
    this.level = level;
    if (!changed) return;
    this.cards = sortCards(texts, level, this.sortMode);
    this.selected.clear();
    this.selectCards(previous, false);
    this.cursor = Math.min(this.cursor, this.cards.length - 1);
    this.render();
  }

  setSort(mode) {
    const chosen = this.selectedCards();
    this.sortMode = mode;
    try { localStorage.setItem("guandan.sort", mode); } catch (_) { /* not remembered */ }
    this.cards = sortCards(this.cards, this.level, mode);
    this.selected.clear();
    this.selectCards(chosen, false);
    this.render();
  }

  selectedCards() {
    return [...this.selected].sort((a, b) => a - b).map((i) => this.cards[i]);
  }

  /** Select exactly these card texts (each text once per copy listed). */
  selectCards(texts, notify = true) {
    this.selected.clear();
    for (const text of texts) {
      const slot = this.cards.findIndex((card, i) => card === text && !this.selected.has(i));
      if (slot >= 0) this.selected.add(slot);
    }
    this.render();
    if (notify) this.onChange(this.selectedCards());
  }

  clear() {
    if (this.selected.size === 0) return;
    this.selected.clear();
    this.render();
    this.onChange([]);
  }

  toggle(slot) {
    if (slot < 0 || slot >= this.cards.length) return;
    if (this.selected.has(slot)) this.selected.delete(slot);
    else this.selected.add(slot);
    this.cursor = slot;
    this.render();
    this.onChange(this.selectedCards());
  }

  /** Mark cards (a hint, the legal returns); `dimOthers` greys the rest. */
  setHighlighted(texts, dimOthers = false) {
    this.highlighted = new Set(texts);
    this.dimOthers = dimOthers;
    this.render();
  }

  moveCursor(step) {
    if (this.cards.length === 0) return;
    this.cursor = this.cursor < 0 ? (step > 0 ? 0 : this.cards.length - 1) : (this.cursor + step + this.cards.length) % this.cards.length;
    this.render();
  }

  toggleCursor() {
    if (this.cursor >= 0) this.toggle(this.cursor);
  }

  /** Select the next unselected card of a rank typed on the keyboard. */
  selectRank(key) {
    const rank = RANK_KEYS[key.toLowerCase()] || key;
    const slot = this.cards.findIndex((card, i) => card[0] === rank && card.length === 2 && !this.selected.has(i));
    if (slot >= 0) this.toggle(slot);
  }

  render() {
    const elements = this.cards.map((text, slot) => {
      const el = cardElement(text, this.level, { button: true });
      el.dataset.slot = String(slot);
      el.tabIndex = -1;
      el.classList.toggle("selected", this.selected.has(slot));
      el.classList.toggle("cursor", slot === this.cursor);
      el.classList.toggle("legal", this.highlighted.has(text));
      el.classList.toggle("dim", Boolean(this.dimOthers) && this.highlighted.size > 0 && !this.highlighted.has(text));
      el.setAttribute("aria-pressed", this.selected.has(slot) ? "true" : "false");
      el.addEventListener("click", () => this.toggle(slot));
      return el;
    });
    this.container.replaceChildren(...elements);
    this.container.classList.toggle("has-highlight", this.highlighted.size > 0);
  }
}
