/** Electron's event object: listeners may cancel the default action. */
export class FakeEvent {
  defaultPrevented = false
  constructor(readonly url = '') {}
  preventDefault(): void {
    this.defaultPrevented = true
  }
}
