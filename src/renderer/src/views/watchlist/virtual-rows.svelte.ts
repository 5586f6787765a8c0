// Which rows of a long list are on screen: @tanstack/virtual-core (the engine of
// @tanstack/svelte-virtual) driven by runes. The Svelte adapter hands out a store and rebuilds its
// options on every change; here one Virtualizer lives as long as its scroll element, and a
// $state counter tells Svelte when its range or sizes moved.
import { untrack } from 'svelte'
import {
  Virtualizer,
  elementScroll,
  observeElementOffset,
  observeElementRect,
  type VirtualItem,
} from '@tanstack/virtual-core'

export interface VirtualRowsOptions {
  /** How many rows there are now (read in an effect: a change re-ranges). */
  count: () => number
  /** The row's key at an index: measured heights follow the row through sorts. */
  key: (index: number) => string
  /** Height of a row not yet measured, in px. */
  estimate: number
  /** Rows rendered beyond each edge of the viewport (keyboard and fast scrolls land on them). */
  overscan?: number
}

export class VirtualRows {
  #version = $state(0)
  readonly #v: Virtualizer<HTMLElement, HTMLElement>

  constructor(
    getScrollElement: () => HTMLElement | null,
    private readonly o: VirtualRowsOptions,
  ) {
    this.#v = new Virtualizer<HTMLElement, HTMLElement>({
      count: o.count(),
      getScrollElement,
      estimateSize: () => o.estimate,
      getItemKey: (i) => o.key(i),
      overscan: o.overscan ?? 8,
      scrollToFn: elementScroll,
      observeElementRect,
      observeElementOffset,
      // Before the first layout: a screenful, so the first paint already shows rows.
      initialRect: { width: 0, height: 800 },
      // Untracked: it runs inside the effects below, which must not depend on what they bump.
      onChange: () => untrack(() => this.#version++),
    })
  }

  /** Starts observing the scroll element; returns the stop. Call from an effect. */
  mount(): () => void {
    return untrack(() => {
      const stop = this.#v._didMount()
      this.#v._willUpdate()
      return stop
    })
  }

  /** The row count or keys changed (call from an effect that reads them). */
  update(): void {
    void this.o.count()
    untrack(() => this.#update())
  }

  #update(): void {
    // A new key function tells the virtualizer the order may have changed (a sort, a filter).
    this.#v.setOptions({
      ...this.#v.options,
      count: this.o.count(),
      getItemKey: (i) => this.o.key(i),
    })
    this.#v._willUpdate()
    this.#version++
  }

  /** Rows to render, in order (a contiguous range). */
  get items(): VirtualItem[] {
    void this.#version
    return this.#v.getVirtualItems()
  }

  /** Height of the space above the first and below the last rendered row. */
  get padding(): { top: number; bottom: number } {
    void this.#version
    const items = this.#v.getVirtualItems()
    const total = this.#v.getTotalSize()
    const first = items[0]
    const last = items[items.length - 1]
    return { top: first ? first.start : 0, bottom: last ? total - last.end : total }
  }

  /** Measures a rendered row (its element carries data-index). */
  measure(el: HTMLElement | null): void {
    this.#v.measureElement(el)
  }

  scrollToIndex(index: number): void {
    this.#v.scrollToIndex(index, { align: 'auto' })
  }

  /** How many rows fit in the viewport now (PageUp / PageDown steps), at least one. */
  pageSize(): number {
    const h = this.#v.scrollRect?.height ?? 0
    return Math.max(1, Math.floor(h / this.o.estimate) - 1)
  }
}
