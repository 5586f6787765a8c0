// The demo stories a newcomer can play from the demo badge (demo mode only): what each is called,
// and the IPC argument. What each does to the numbers is the demo service's (service/demo-stories.ts).
// No zod here: the status bar imports the labels, and a schema would pull zod into the renderer's
// first chunk (the argument's schema is in ipc-contract.ts).

export const DEMO_STORIES = ['drop', 'migration', 'exit', 'price-move'] as const
export type DemoStory = (typeof DEMO_STORIES)[number]

/** The control's words for each story, and for ending it. */
export const DEMO_STORY_LABELS: Record<DemoStory | 'recover', string> = {
  drop: 'a TVL drop',
  migration: 'an issuer migration',
  exit: 'an issuer exit',
  'price-move': 'a price move',
  recover: 'back to normal',
}

/** How much each story moves (fractions): enough to cross the default 10 % rule through the noise. */
export const DEMO_STORY_SIZE = { drop: 0.25, migration: 0.6, exit: 0.9, 'price-move': 0.2 } as const

const pct = (f: number): string => `${Math.round(f * 100)} %`

/** What each choice will do, said before it is played (the playing story says it with names). */
export const DEMO_STORY_HINTS: Record<DemoStory | 'recover', string> = {
  drop: `The first watched symbol loses ${pct(DEMO_STORY_SIZE.drop)} of its TVL: the 7-day drop rule fires on the second poll.`,
  migration: `${pct(DEMO_STORY_SIZE.migration)} of its largest issuer’s TVL moves to the next one: the issuer moves call it a migration; no alert, the total stays.`,
  exit: `Its largest issuer takes ${pct(DEMO_STORY_SIZE.exit)} of its TVL out of the asset: an exit, and the 7-day drop rule fires.`,
  'price-move': `Its price falls ${pct(DEMO_STORY_SIZE['price-move'])} and no token leaves: the drop rule fires; flow vs price puts it on the price.`,
  recover: 'The demo figures as generated again: a firing alert resolves on the next poll.',
}

/** playDemoStory's argument (checked in main by ipc-contract.ts). */
export interface DemoStoryRequest {
  story: DemoStory | 'recover'
}

/** The story playing on the demo data: which, on what symbol, and what the user will see. */
export interface DemoStoryView {
  story: DemoStory
  symbol: string
  /** Since when (ISO): the story's values start here. */
  since: string
  /** "TSLA loses 25 % of its TVL now: …" */
  line: string
}
