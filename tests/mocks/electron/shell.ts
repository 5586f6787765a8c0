/** Records what the app asked the OS to open, instead of opening it. */
export const shell = {
  opened: [] as string[],
  openExternal(url: string): Promise<void> {
    shell.opened.push(url)
    return Promise.resolve()
  },
  openPath(): Promise<string> {
    return Promise.resolve('')
  },
}
