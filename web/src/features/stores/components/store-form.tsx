import { CANADIAN_REGIONS, STORE_LIMITS, STORE_TEXTS, type Store, storeCreateBody } from '@contract/stores';
import { zodResolver } from '@hookform/resolvers/zod';
import { AdminForm, useAdminForm } from '@web/components/admin/admin-form';
import { Input } from '@web/components/ui/input';
import { useCreateStore } from '../api/create-store';
import { useUpdateStore } from '../api/update-store';

const T = STORE_TEXTS;
const FIELDS = ['name', 'address', 'region', 'phone', 'website', 'lat', 'lng'] as const;
type Field = (typeof FIELDS)[number];

type Values = { [K in Field]: string };

const empty = (): Values => ({ name: '', address: '', region: '', phone: '', website: '', lat: '', lng: '' });

const toValues = (s: Store): Values => ({
  name: s.name,
  address: s.address,
  region: s.region,
  phone: s.phone ?? '',
  website: s.website ?? '',
  lat: s.lat === null ? '' : String(s.lat),
  lng: s.lng === null ? '' : String(s.lng),
});

/**
 * The store form of Manage Stores: create mode, or edit mode for `editing` until cancel or save.
 * The contract's schema judges the values (name, address and region required; phone, website and
 * coordinates optional, both coordinates or neither); the server's field errors land on their fields.
 * `regions` are offered as suggestions (with the Canadian regions of SPEC §9).
 */
export function StoreForm({
  editing,
  regions = [],
  onDone,
}: {
  editing: Store | null;
  regions?: readonly string[];
  onDone: () => void;
}) {
  const { ids, bind, row, formProps } = useAdminForm({
    editing,
    resolver: zodResolver(storeCreateBody),
    empty,
    toValues,
    fields: FIELDS,
    create: useCreateStore(),
    update: useUpdateStore(),
    texts: T,
    onDone,
  });
  const suggestions = [...new Set([...CANADIAN_REGIONS, ...regions])].sort((a, b) => a.localeCompare(b));

  return (
    <AdminForm {...formProps}>
      {row('name', T.name, <Input required maxLength={STORE_LIMITS.name} {...bind('name')} />)}
      {row('address', T.address, <Input required maxLength={STORE_LIMITS.address} {...bind('address')} />)}
      {row(
        'region',
        T.region,
        <Input required list={`${ids}-regions`} maxLength={STORE_LIMITS.region} {...bind('region')} />,
        <datalist id={`${ids}-regions`}>
          {suggestions.map((r) => (
            <option key={r} value={r} />
          ))}
        </datalist>,
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        {row('phone', T.phone, <Input type="tel" maxLength={STORE_LIMITS.phone} {...bind('phone')} />)}
        {row(
          'website',
          T.website,
          <Input
            inputMode="url"
            placeholder="shop.example.com"
            maxLength={STORE_LIMITS.website}
            {...bind('website')}
          />,
        )}
        {row('lat', T.lat, <Input inputMode="decimal" {...bind('lat')} />)}
        {row('lng', T.lng, <Input inputMode="decimal" {...bind('lng')} />)}
      </div>
    </AdminForm>
  );
}
