import { RULE_PRESETS } from '@contract/events';
import { FIELD_LIMITS, FIELD_TEXTS, FIELD_TYPES, type Field, fieldCreateBody } from '@contract/fields';
import { z } from '@contract/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { AdminForm, useAdminForm } from '@web/components/admin/admin-form';
import { Input } from '@web/components/ui/input';
import { useCreateField, useUpdateField } from '../api/write-fields';
import { SELECT_CLASS } from './fields-directory';

const T = FIELD_TEXTS;
const NAMES = ['name', 'type', 'address', 'phone', 'website', 'image', 'lat', 'lng', 'rules'] as const;
/** The rules choice: none, the field's own (editing), or a preset. */
const KEEP = 'keep';

const formSchema = (editing: Field | null) =>
  z
    .object({
      name: z.string(),
      type: z.string(),
      address: z.string(),
      phone: z.string(),
      website: z.string(),
      image: z.string(),
      lat: z.string().trim(),
      lng: z.string().trim(),
      rules: z.string(),
    })
    .transform(
      (v): z.input<typeof fieldCreateBody> =>
        ({
          ...v,
          type: v.type as z.input<typeof fieldCreateBody>['type'],
          rules:
            v.rules === KEEP
              ? (editing?.rules ?? null)
              : (RULE_PRESETS.find((p) => p.id === v.rules)?.rules ?? null),
        }) as z.input<typeof fieldCreateBody>,
    )
    .pipe(fieldCreateBody);
type Values = z.input<ReturnType<typeof formSchema>>;

const empty = (): Values => ({
  name: '',
  type: FIELD_TYPES[0],
  address: '',
  phone: '',
  website: '',
  image: '',
  lat: '',
  lng: '',
  rules: '',
});
const toValues = (f: Field): Values => ({
  name: f.name,
  type: f.type ?? FIELD_TYPES[0],
  address: f.address ?? '',
  phone: f.phone ?? '',
  website: f.website ?? '',
  image: f.image ?? '',
  lat: f.lat === null ? '' : String(f.lat),
  lng: f.lng === null ? '' : String(f.lng),
  rules: f.rules ? KEEP : '',
});

/** Add Field, or Edit Field for `editing`: the contract's schema judges the values; rules come from a preset. */
export function FieldForm({ editing, onDone }: { editing: Field | null; onDone: () => void }) {
  const { bind, row, formProps } = useAdminForm({
    editing,
    resolver: zodResolver(formSchema(editing)),
    empty,
    toValues,
    fields: NAMES,
    create: useCreateField(),
    update: useUpdateField(),
    texts: T,
    onDone,
  });
  const text = (
    name: Exclude<(typeof NAMES)[number], 'type' | 'rules'>,
    label: string,
    max: number,
    extra = {},
  ) => row(name, label, <Input maxLength={max} {...extra} {...bind(name)} />);
  return (
    <AdminForm {...formProps}>
      {text('name', T.name, FIELD_LIMITS.name, { required: true })}
      {row(
        'type',
        T.type,
        <select className={SELECT_CLASS} {...bind('type')}>
          {FIELD_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>,
      )}
      {text('address', T.address, FIELD_LIMITS.address)}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('phone', T.phone, FIELD_LIMITS.phone, { type: 'tel' })}
        {text('website', T.website, FIELD_LIMITS.website)}
        {text('lat', T.lat, 32, { inputMode: 'decimal' })}
        {text('lng', T.lng, 32, { inputMode: 'decimal' })}
      </div>
      {text('image', T.image, FIELD_LIMITS.image, { placeholder: 'https://...' })}
      {row(
        'rules',
        T.rules,
        <select className={SELECT_CLASS} {...bind('rules')}>
          <option value="">{T.noRules}</option>
          {editing?.rules ? <option value={KEEP}>Keep current rules</option> : null}
          {RULE_PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>,
      )}
    </AdminForm>
  );
}
