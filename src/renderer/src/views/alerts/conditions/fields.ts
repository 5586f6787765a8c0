// The condition kinds whose fields a generic form cannot serve (issuers and networks looked up for
// the rule's symbols, a choice shown only on drops). Any other kind's fields
// come from its descriptors (GenericFields.svelte): a new kind needs no line here.
import type { Component } from 'svelte'
import type { RuleForm } from '../rule-form'
import IssuerDropFields from './IssuerDropFields.svelte'
import PoolCountFields from './PoolCountFields.svelte'
import TvlChangeFields from './TvlChangeFields.svelte'

type FieldsComponent = Component<{ form: RuleForm; symbols: string[] }, object, 'form'>

export const FIELDS_COMPONENTS: Partial<Record<string, FieldsComponent>> = {
  'tvl-change': TvlChangeFields as FieldsComponent,
  'pool-count': PoolCountFields,
  'issuer-drop': IssuerDropFields,
}
