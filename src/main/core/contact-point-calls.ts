// The contact point and delivery calls of the IPC surface, as a base class of the AppCore facade
// (app-core.ts stays the facade of everything else). Secrets go to the keychain and never come
// back: settings keep a masked hint; removing a contact point clears its secret.
import type { NotificationDecision } from '../../shared/alert-rules'
import type { ContactPoint } from '../../shared/contact-points'
import type {
  ContactPointTestResult,
  DeliveryLogEntry,
  FailingContactPoint,
  TemplatePreview,
} from '../../shared/contact-point-views'
import type { EngineStatus } from '../../shared/view-models'
import type { AlertStateStore } from '../engine/storage/alert-state-store'
import type { Channel, ContactPointSecrets } from '../engine/delivery/model'
import { channelFor } from '../engine/delivery/channels/registry'
import { contactPointSecretsBeside } from '../engine/secrets/contact-point-secrets'
import { checkSecret } from '../engine/secrets/secret-hint'
import type { Clock } from '../engine/poll/scheduler'
import { testContactPoint } from './contact-point-test'
import {
  findContactPoint,
  listContactPoints,
  removeContactPoint,
  setHint,
  upsertContactPoint,
} from './contact-points-ops'
import type { AppCoreDeps } from './core-deps'
import type { CoreSettings } from './core-settings'
import type { PollLoop } from './poll-loop'
import { deliveryLogEntries, failingWithNames, type DeliverySource } from './delivery-log'
import { settle } from './settings-edits'
import { testNotification } from './test-notification'
import { previewTemplate, type RenderTemplate, type TemplateDraft } from './template-preview'

export interface ContactPointCallDeps {
  settings: CoreSettings
  secrets: ContactPointSecrets
  clock: Clock
  alerts: Pick<AlertStateStore, 'history'>
  channelFor: (kind: ContactPoint['kind']) => Channel | null
  render: RenderTemplate
  /** The outbox's records (null: no outbox in this build: an empty log). */
  delivery: DeliverySource | null
  /** The desktop's test: the OS notification, as Settings → Notifications sends it. */
  deliverDesktop: (d: NotificationDecision) => Promise<void>
}

/** The calls' parts from the core's deps and owners. */
export function contactPointDeps(
  deps: AppCoreDeps,
  o: Pick<ContactPointCallDeps, 'settings' | 'clock'> & {
    alerts: AlertStateStore
    poll: Pick<PollLoop, 'deliver'>
    delivery: DeliverySource | null
  },
): ContactPointCallDeps {
  return {
    settings: o.settings,
    secrets:
      deps.contactPointSecrets ??
      deps.delivery?.secrets ??
      contactPointSecretsBeside(deps.secretStore),
    clock: o.clock,
    alerts: o.alerts,
    channelFor,
    // The template engine (LiquidJS, about 2 MB of heap) loads at the first preview.
    render: async (draft, message, point) =>
      (await import('../engine/delivery/templates/render')).renderDraft(draft, message, point),
    delivery: o.delivery,
    deliverDesktop: (d) => o.poll.deliver([d]),
  }
}

export abstract class ContactPointCalls {
  constructor(private readonly cp: ContactPointCallDeps) {}

  getContactPoints(): Promise<ContactPoint[]> {
    return Promise.resolve(this.points())
  }
  saveContactPoint(point: ContactPoint): Promise<ContactPoint[]> {
    return this.edit(async () => {
      let secretVoid = false
      this.cp.settings.update((s) => {
        const r = upsertContactPoint(s, point)
        secretVoid = r.secretVoid
        return r.settings
      })
      if (secretVoid) await this.cp.secrets.clear(point.id)
    })
  }
  /** The secret leaves the keychain first: a point is never gone while its secret stays. */
  removeContactPoint(id: string): Promise<ContactPoint[]> {
    return this.edit(async () => {
      findContactPoint(this.cp.settings.stored(), id)
      if (id !== 'desktop') await this.cp.secrets.clear(id)
      this.cp.settings.update((s) => removeContactPoint(s, id))
    })
  }
  setContactPointSecret(id: string, secret: string): Promise<ContactPoint[]> {
    return this.edit(async () => {
      const point = findContactPoint(this.cp.settings.stored(), id)
      const { value, hint } = checkSecret(point.kind, secret)
      await this.cp.secrets.set(id, value)
      this.cp.settings.update((s) => setHint(s, id, hint))
    })
  }
  clearContactPointSecret(id: string): Promise<ContactPoint[]> {
    return this.edit(async () => {
      findContactPoint(this.cp.settings.stored(), id)
      await this.cp.secrets.clear(id)
      this.cp.settings.update((s) => setHint(s, id, null))
    })
  }
  async testContactPoint(id: string): Promise<ContactPointTestResult> {
    const point = findContactPoint(this.cp.settings.get(), id)
    const now = (): Date => new Date(this.cp.clock.now())
    if (point.kind === 'desktop') return this.testDesktop(now())
    return testContactPoint(point, {
      channelFor: this.cp.channelFor,
      secret: (pid) => this.cp.secrets.get(pid),
      now,
    })
  }
  async previewTemplate(
    target: string | ContactPoint,
    draft: TemplateDraft,
  ): Promise<TemplatePreview> {
    const point =
      typeof target === 'string' ? findContactPoint(this.cp.settings.get(), target) : target
    const history = this.cp.alerts.history({ limit: 200 })
    return previewTemplate(point, draft, history, this.cp.render)
  }
  getDeliveryLog(limit: number): Promise<DeliveryLogEntry[]> {
    return settle(() => {
      const records = this.cp.delivery?.list(limit) ?? []
      return deliveryLogEntries(records, this.points(), this.cp.alerts.history({ limit: 1000 }))
    })
  }

  /** EngineStatus with the contact points that keep failing (tray, status bar). */
  protected withDelivery(status: EngineStatus): EngineStatus {
    return { ...status, failingContactPoints: this.failing() }
  }

  private failing(): FailingContactPoint[] {
    const failing = this.cp.delivery?.failingContactPoints(new Date(this.cp.clock.now())) ?? []
    return failingWithNames(failing, this.points())
  }
  private points(): ContactPoint[] {
    return listContactPoints(this.cp.settings.get().contactPoints)
  }
  /** Tell the UI the status changed (a contact point was renamed, removed, turned off). */
  protected abstract emitStatus(): void
  private async edit(fn: () => Promise<void>): Promise<ContactPoint[]> {
    await fn()
    this.emitStatus()
    return this.points()
  }
  private async testDesktop(at: Date): Promise<ContactPointTestResult> {
    const decision = testNotification(this.cp.settings.get().notifications.enabled)
    await this.cp.deliverDesktop(decision)
    const shown = decision.status === 'sent'
    return {
      ok: shown,
      status: shown ? 'Shown' : 'Not shown',
      at: at.toISOString(),
      said: shown ? 'A test notification was shown on this computer.' : decision.note,
    }
  }
}
