import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { fieldWiring, Label } from '@web/components/ui/label';
import { onServerFieldErrors } from '@web/lib/form';
import { toast } from '@web/lib/toast';
import { Save, X } from 'lucide-react';
import { type FormEventHandler, type ReactNode, useEffect, useId } from 'react';
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form';

/** A native select with the inputs' look. */
export const SELECT_CLASS =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50';

/** A create or update mutation as the form uses it (its failure toast comes from its meta). */
interface SaveMutation<V> {
  mutate: (variables: V, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
}

/** The texts of a create-or-update form (a feature's contract texts carry them). */
export interface AdminFormTexts {
  createHeading: string;
  editHeading: string;
  create: string;
  creating: string;
  update: string;
  updating: string;
  cancel: string;
  created: string;
  updated: string;
}

export interface AdminFormOptions<
  TIn extends FieldValues,
  TOut extends FieldValues,
  Item extends { id: string },
  N extends string,
> {
  /** The item being edited (edit mode), or null (create mode). */
  editing: Item | null;
  resolver: Resolver<TIn, unknown, TOut>;
  /** The values of create mode. */
  empty: () => TIn;
  /** The values of edit mode, from the item. */
  toValues: (item: Item) => TIn;
  /** The fields the server's field errors may name. */
  fields: readonly N[];
  create: SaveMutation<TOut>;
  update: SaveMutation<{ id: string; body: TOut }>;
  texts: AdminFormTexts;
  /** After a save (create mode: after the form is emptied), and on Cancel. */
  onDone: () => void;
}

/**
 * A Manage page's create-or-update form: react-hook-form with the given resolver, reset to the
 * item's values when `editing` changes (to the empty ones in create mode); a submit creates or
 * updates, says so, and calls `onDone`; the server's field errors land on their fields.
 * `formProps` go to `<AdminForm>`; `field`/`error` wire an input to its error (see `fieldWiring`),
 * `bind(name)` is that and the input's registration, `row(name, label, control, extra)` a field's
 * block: its label, the control, anything under it (a hint), then its error.
 */
export function useAdminForm<
  TIn extends FieldValues,
  TOut extends FieldValues,
  Item extends { id: string },
  N extends string,
>({
  editing,
  resolver,
  empty,
  toValues,
  fields,
  create,
  update,
  texts,
  onDone,
}: AdminFormOptions<TIn, TOut, Item, N>) {
  const ids = useId();
  const form = useForm<TIn, unknown, TOut>({
    resolver,
    defaultValues: (editing ? toValues(editing) : empty()) as DefaultValues<TIn>,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the item changes, not when the value makers do
  useEffect(() => {
    form.reset(editing ? toValues(editing) : empty());
  }, [editing, form]);

  const onError = onServerFieldErrors(form.setError, fields);
  const submit = (body: TOut) => {
    if (editing) {
      update.mutate(
        { id: editing.id, body },
        {
          onSuccess: () => {
            toast({ title: texts.updated });
            onDone();
          },
          onError,
        },
      );
      return;
    }
    create.mutate(body, {
      onSuccess: () => {
        toast({ title: texts.created });
        form.reset(empty());
        onDone();
      },
      onError,
    });
  };

  const { field, error } = fieldWiring<N>(
    ids,
    form.formState.errors as Partial<Record<N, { message?: string } | undefined>>,
  );
  const bind = (name: N) => ({ ...field(name), ...form.register(name as string as Path<TIn>) });
  const row = (name: N, label: ReactNode, control: ReactNode, extra?: ReactNode) => (
    <div className="grid gap-2">
      <Label htmlFor={`${ids}-${name}`}>{label}</Label>
      {control}
      {extra}
      {error(name)}
    </div>
  );
  const formProps: AdminFormProps = {
    heading: editing ? texts.editHeading : texts.createHeading,
    onSubmit: form.handleSubmit(submit),
    editing: editing !== null,
    creating: create.isPending,
    updating: update.isPending,
    texts,
    onCancel: onDone,
  };
  return { form, ids, field, error, bind, row, formProps };
}

export interface AdminFormProps {
  heading: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  editing: boolean;
  creating: boolean;
  updating: boolean;
  texts: AdminFormTexts;
  onCancel: () => void;
  children?: ReactNode;
}

/**
 * The card of a create-or-update form: the heading (also the form's name), the fields, then
 * Cancel (edit mode) and the submit button, both disabled while saving.
 */
export function AdminForm({
  heading,
  onSubmit,
  editing,
  creating,
  updating,
  texts,
  onCancel,
  children,
}: AdminFormProps) {
  const pending = creating || updating;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{heading}</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-5" noValidate aria-label={heading} onSubmit={onSubmit}>
          {children}
          <div className="flex flex-wrap justify-end gap-2">
            {editing ? (
              <Button variant="outline" onClick={onCancel} disabled={pending}>
                <X aria-hidden="true" />
                {texts.cancel}
              </Button>
            ) : null}
            <Button type="submit" disabled={pending}>
              <Save aria-hidden="true" />
              {editing
                ? updating
                  ? texts.updating
                  : texts.update
                : creating
                  ? texts.creating
                  : texts.create}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
