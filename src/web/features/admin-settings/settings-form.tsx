import { useId, useState } from 'react';
import { type Control, type UseFormRegisterReturn, useController } from 'react-hook-form';
import { formatIndiaDateTime } from '../../../shared/india-time';
import { formatInr } from '../../../shared/money';
import {
  OWNER_SETTING_FIELDS,
  type OwnerSettings,
  type OwnerSettingsResponse,
  SETTING_GROUPS,
  type SettingGroup,
  type SettingMeta,
  type SettingsChange,
} from '../../../shared/owner-settings';
import { ApiError } from '../../api/client';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { errorMessage } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import {
  CheckboxField,
  CheckboxGroupField,
  FormField,
  SelectField,
  TextAreaField,
} from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';
import { useSaveOwnerSettings } from './settings-api';

// The owner's settings, one form built from the shared schema's fields
// (src/shared/owner-settings.ts), checked with that schema before it is sent (settings-checks.ts).

const checkSettings = checksOnFirstUse(
  () => import('./settings-checks'),
  (checks) => checks.checkSettings,
);

/** A switch as its tick, a set of channels as its list, every other setting as typed. */
type FormValues = Record<string, string | boolean | string[]>;

const toForm = (settings: OwnerSettings): FormValues =>
  Object.fromEntries(
    Object.entries(settings).map(([key, value]) => [
      key,
      typeof value === 'boolean' || Array.isArray(value) ? value : String(value),
    ]),
  );

const fieldLabel = (key: string) => OWNER_SETTING_FIELDS.find((field) => field.key === key)?.meta;

const optionLabel = (meta: SettingMeta | undefined, value: unknown) =>
  meta?.options?.find((option) => option.value === value)?.label ?? String(value);

const shown = (key: string, value: unknown) => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  const meta = fieldLabel(key);
  if (Array.isArray(value))
    return value.length === 0 ? 'none' : value.map((item) => optionLabel(meta, item)).join(', ');
  if (meta?.kind === 'choice') return optionLabel(meta, value);
  if (meta?.kind === 'days' && typeof value === 'number') return `${value} days`;
  if (meta?.kind === 'hours' && typeof value === 'number') return `${value} hours`;
  return meta?.kind === 'rupees' && typeof value === 'number' ? formatInr(value) : String(value);
};

/** A set of ticks (the order-update channels): one checkbox per option, named by the legend. */
function ChannelTicks({
  name,
  meta,
  control,
  error,
}: {
  name: string;
  meta: SettingMeta;
  control: Control<FormValues, unknown, OwnerSettings>;
  error: string | undefined;
}) {
  const { field } = useController({ control, name });
  const ticked = Array.isArray(field.value) ? field.value : [];
  return (
    <CheckboxGroupField
      legend={meta.label}
      options={meta.options ?? []}
      value={ticked}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

function ChangeLine({ change }: { change: SettingsChange }) {
  return (
    <li className="border-b border-stone-100 py-2 text-sm">
      <p className="font-semibold text-stone-800">
        {formatIndiaDateTime(change.at)} · {change.by}
      </p>
      <ul className="text-stone-600">
        {change.changes.map((item) => (
          <li key={item.key}>
            {fieldLabel(item.key)?.label ?? item.key}: {shown(item.key, item.from)} →{' '}
            {shown(item.key, item.to)}
          </li>
        ))}
      </ul>
    </li>
  );
}

function SettingInput({
  id,
  meta,
  field,
  error,
}: {
  id: string;
  meta: SettingMeta;
  /** The form's register of the setting. */
  field: UseFormRegisterReturn;
  error: string | undefined;
}) {
  const common = { id, label: meta.label, error, ...field };
  if (meta.kind === 'switch') return <CheckboxField {...common} className="font-semibold" />;
  if (meta.kind === 'choice') return <SelectField {...common} options={meta.options ?? []} />;
  if (meta.kind === 'long-text') return <TextAreaField {...common} rows={3} />;
  return (
    <FormField
      {...common}
      type={meta.kind === 'email' ? 'email' : meta.kind === 'phone' ? 'tel' : 'text'}
      inputMode={['rupees', 'days', 'hours', 'count'].includes(meta.kind) ? 'numeric' : undefined}
      autoComplete="off"
    />
  );
}

/** The settings as saved (or configured), and their recent changes. */
export function SettingsForm({ answer }: { answer: OwnerSettingsResponse }) {
  const id = useId();
  const save = useSaveOwnerSettings();
  const [savedNow, setSavedNow] = useState(false);
  const { register, handleSubmit, formState, control, reset, setError } = useCheckedForm({
    checks: checkSettings,
    defaultValues: toForm(answer.settings),
  });
  const errors = formState.errors;
  const errorOf = (key: string) => {
    const message = errors[key]?.message;
    return typeof message === 'string' ? message : undefined;
  };

  const submit = handleSubmit((settings) => {
    setSavedNow(false);
    save.mutate(settings, {
      onSuccess: (next) => {
        reset(toForm(next.settings));
        setSavedNow(true);
      },
      // The server's refusal of a setting under it, the first one focused.
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        error.errors.forEach(({ path, message }, index) => {
          setError(path, { message }, { shouldFocus: index === 0 });
        });
      },
    });
  });

  const groups = Object.entries(SETTING_GROUPS) as [SettingGroup, string][];
  return (
    <>
      {!answer.saved && (
        <p className="mb-4 rounded-lg bg-brand-50 px-3 py-2 text-sm text-stone-700">
          These are the values from the store's configuration. Once you save, yours apply on every page, quote
          and new order at once.
        </p>
      )}
      <form
        onSubmit={submit}
        onFocus={checkSettings.preload}
        noValidate
        aria-label="Store settings"
        className="flex flex-col gap-6"
      >
        {errors.root && <ErrorBanner>{errors.root.message}</ErrorBanner>}
        {groups.map(([group, title]) => (
          <fieldset
            key={group}
            className="grid gap-3 rounded-xl border border-brand-100 bg-white p-4 sm:grid-cols-2"
          >
            <legend className="px-1 text-base font-bold text-stone-900">{title}</legend>
            {OWNER_SETTING_FIELDS.filter(({ meta }) => meta.group === group).map(({ key, meta }) => (
              <div
                key={key}
                className={meta.kind === 'long-text' || meta.kind === 'channels' ? 'sm:col-span-2' : ''}
              >
                {meta.kind === 'channels' ? (
                  <ChannelTicks name={key} meta={meta} control={control} error={errorOf(key)} />
                ) : (
                  <SettingInput id={`${id}-${key}`} meta={meta} field={register(key)} error={errorOf(key)} />
                )}
                {meta.hint && <p className="mt-1 text-xs text-stone-600">{meta.hint}</p>}
              </div>
            ))}
          </fieldset>
        ))}
        {save.error && !(save.error instanceof ApiError && save.error.errors.length > 0) && (
          <ErrorBanner>{errorMessage(save.error)}</ErrorBanner>
        )}
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save settings'}
          </Button>
          {savedNow && (
            <p role="status" className="text-sm font-semibold text-green-800">
              Saved. The store uses these values now.
            </p>
          )}
        </div>
      </form>
      <section aria-labelledby={`${id}-history`} className="mt-8">
        <h2 id={`${id}-history`} className="text-lg font-bold text-stone-900">
          Recent changes
        </h2>
        {answer.history.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">No changes yet.</p>
        ) : (
          <ul className="mt-2">
            {answer.history.map((change) => (
              <ChangeLine key={`${change.at}-${change.by}`} change={change} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
