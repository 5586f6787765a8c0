// The condition kinds whose fields a generic form cannot serve (hints looked up per symbol, a
// choice shown only on drops, shared fields read as outflow and inflow). Any other kind's fields
// come from its descriptors (GenericFields.svelte): a new kind needs no line here.
import type { Component } from 'svelte'
import type { RuleForm } from '../rule-form'
import ConcentrationFields from './ConcentrationFields.svelte'
import IssuerDropFields from './IssuerDropFields.svelte'
import NetFlowFields from './NetFlowFields.svelte'
import PoolCountFields from './PoolCountFields.svelte'
import TvlBelowFields from './TvlBelowFields.svelte'
import TvlChangeFields from './TvlChangeFields.svelte'

type FieldsComponent = Component<{ form: RuleForm; symbols: string[] }, object, 'form'>

export const FIELDS_COMPONENTS: Partial<Record<string, FieldsComponent>> = {
  'tvl-change': TvlChangeFields as FieldsComponent,
  'tvl-below': TvlBelowFields as FieldsComponent,
  concentration: ConcentrationFields as FieldsComponent,
  'pool-count': PoolCountFields,
  'net-flow': NetFlowFields as FieldsComponent,
  'issuer-drop': IssuerDropFields,
}
