import { CATALOG_LIMITS, CATALOG_TEXTS, type Product, productCreateBody } from '@contract/catalog';
import { zodResolver } from '@hookform/resolvers/zod';
import { AdminForm, useAdminForm } from '@web/components/admin/admin-form';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { useCreateProduct, useUpdateProduct } from '../api/admin-products';

const T = CATALOG_TEXTS;
const FIELDS = [
  'title',
  'brand',
  'category',
  'description',
  'image',
  'fps',
  'weight',
  'material',
  'magazineCapacity',
] as const;
type Field = (typeof FIELDS)[number];
type Values = { [K in Field]: string };

const empty = (): Values => ({
  title: '',
  brand: '',
  category: '',
  description: '',
  image: '',
  fps: '',
  weight: '',
  material: '',
  magazineCapacity: '',
});

const toValues = (p: Product): Values => ({
  title: p.title,
  brand: p.brand ?? '',
  category: p.category ?? '',
  description: p.description ?? '',
  image: p.image ?? '',
  fps: p.fps === null ? '' : String(p.fps),
  weight: p.weight ?? '',
  material: p.material ?? '',
  magazineCapacity: p.magazineCapacity === null ? '' : String(p.magazineCapacity),
});

const LABELS: Record<Field, string> = {
  title: T.title,
  brand: T.brand,
  category: T.category,
  description: T.description,
  image: T.image,
  fps: T.fps,
  weight: T.weight,
  material: T.material,
  magazineCapacity: T.magazineCapacity,
};
const MAX: Partial<Record<Field, number>> = {
  title: CATALOG_LIMITS.title,
  brand: CATALOG_LIMITS.brand,
  category: CATALOG_LIMITS.category,
  image: CATALOG_LIMITS.image,
  weight: CATALOG_LIMITS.weight,
  material: CATALOG_LIMITS.material,
};

/**
 * Manage Catalog's product form: create mode, or edit mode for `editing` until cancel or save.
 * The contract's schema judges the values (a title; the rest optional, fps and magazine capacity
 * whole numbers); the server's field errors land on their fields.
 */
export function ProductForm({ editing, onDone }: { editing: Product | null; onDone: () => void }) {
  const { bind, row, formProps } = useAdminForm({
    editing,
    resolver: zodResolver(productCreateBody),
    empty,
    toValues,
    fields: FIELDS,
    create: useCreateProduct(),
    update: useUpdateProduct(),
    texts: T,
    onDone,
  });
  const input = (name: Field, extra: React.ComponentProps<typeof Input> = {}) =>
    row(name, LABELS[name], <Input maxLength={MAX[name]} {...extra} {...bind(name)} />);

  return (
    <AdminForm {...formProps}>
      {input('title', { required: true })}
      <div className="grid gap-5 sm:grid-cols-2">
        {input('brand')}
        {input('category')}
      </div>
      {row(
        'description',
        T.description,
        <Textarea rows={3} maxLength={CATALOG_LIMITS.description} {...bind('description')} />,
      )}
      {input('image', { inputMode: 'url' })}
      <div className="grid gap-5 sm:grid-cols-2">
        {input('fps', { inputMode: 'numeric' })}
        {input('magazineCapacity', { inputMode: 'numeric' })}
        {input('weight')}
        {input('material')}
      </div>
    </AdminForm>
  );
}
