import { type FormEvent, useId, useState } from 'react';
import { formatIndiaDateTime } from '../../../shared/india-time';
import { formatInr } from '../../../shared/money';
import {
  OWNER_SETTING_FIELDS,
  OwnerSettings,
  type OwnerSettingsResponse,
  SETTING_GROUPS,
  type SettingGroup,
  type SettingMeta,
  type SettingsChange,
} from '../../../shared/owner-settings';
import { ApiError } from '../../api/client';
import { errorMessage, QueryState } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { FormField, SelectField, TextAreaField } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';
import { useOwnerSettings, useSaveOwnerSettings } from './settings-api';

// The owner's settings, one form built from the shared schema's fields
// (src/shared/owner-settings.ts), checked with that schema before it is sent.

type FormValues = Record<string, string>;

// A set of channels is held in the form as its values joined by commas.
const toForm = (settings: OwnerSettings): FormValues =>
  Object.fromEntries(
    Object.entries(settings).map(([key, value]) => [
      key,
      Array.isArray(value) ? value.join(',') : String(value),
    ]),
  );

/** Rupee fields become numbers (an empty one stays missing, so the schema names it), channels a list, switches booleans. */
const fromForm = (form: FormValues): Record<string, unknown> =>
  Object.fromEntries(
    OWNER_SETTING_FIELDS.map(({ key, meta }) => {
      const value = form[key] ?? '';
      if (meta.kind === 'switch') return [key, value === 'true'];
      if (meta.kind === 'channels') return [key, value.split(',').filter(Boolean)];
      if (!['rupees', 'days', 'hours', 'count'].includes(meta.kind)) return [key, value];
      return [key, value.trim() === '' ? undefined : Number(value.replace(/[₹,\s]/g, ''))];
    }),
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
  id,
  meta,
  value,
  error,
  onChange,
}: {
  id: string;
  meta: SettingMeta;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
}) {
  const ticked = value.split(',').filter(Boolean);
  const options = meta.options ?? [];
  const toggle = (option: string, on: boolean) =>
    onChange(
      options
        .map((each) => each.value)
        .filter((each) => (each === option ? on : ticked.includes(each)))
        .join(','),
    );
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-semibold text-stone-800">{meta.label}</legend>
      <div className="mt-1 flex flex-wrap gap-x-4">
        {options.map((option, index) => (
          <label key={option.value} className="inline-flex min-h-11 items-center gap-2 text-stone-800">
            <input
              // The first box takes the field's id, so an error can move the focus to it.
              id={index === 0 ? id : undefined}
              type="checkbox"
              name={meta.label}
              value={option.value}
              checked={ticked.includes(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
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
  name,
  meta,
  value,
  error,
  onChange,
}: {
  id: string;
  name: string;
  meta: SettingMeta;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
}) {
  const common = { id, name, label: meta.label, value, error };
  if (meta.kind === 'switch') {
    return (
      <label htmlFor={id} className="flex min-h-11 items-center gap-2 text-sm font-semibold text-stone-800">
        <input
          id={id}
          name={name}
          type="checkbox"
          className="h-5 w-5"
          checked={value === 'true'}
          onChange={(event) => onChange(String(event.target.checked))}
        />
        {meta.label}
      </label>
    );
  }
  if (meta.kind === 'channels') {
    return <ChannelTicks id={id} meta={meta} value={value} error={error} onChange={onChange} />;
  }
  if (meta.kind === 'choice') {
    return (
      <SelectField
        {...common}
        options={meta.options ?? []}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  if (meta.kind === 'long-text') {
    return <TextAreaField {...common} rows={3} onChange={(event) => onChange(event.target.value)} />;
  }
  return (
    <FormField
      {...common}
      type={meta.kind === 'email' ? 'email' : meta.kind === 'phone' ? 'tel' : 'text'}
      inputMode={['rupees', 'days', 'hours', 'count'].includes(meta.kind) ? 'numeric' : undefined}
      autoComplete="off"
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

function SettingsForm({ answer }: { answer: OwnerSettingsResponse }) {
  const id = useId();
  const save = useSaveOwnerSettings();
  const [form, setForm] = useState<FormValues>(() => toForm(answer.settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [savedNow, setSavedNow] = useState(false);

  const showErrors = (found: { path: string; message: string }[]) => {
    const byField: Record<string, string> = {};
    for (const error of found) byField[error.path] ??= error.message;
    setErrors(byField);
    const first = OWNER_SETTING_FIELDS.find(({ key }) => byField[key]);
    if (first) document.getElementById(`${id}-${first.key}`)?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSavedNow(false);
    const parsed = OwnerSettings.safeParse(fromForm(form));
    if (!parsed.success) {
      showErrors(
        parsed.error.issues.map((issue) => ({ path: String(issue.path[0]), message: issue.message })),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (next) => {
        setForm(toForm(next.settings));
        setSavedNow(true);
      },
      onError: (error) => {
        if (error instanceof ApiError) showErrors(error.errors);
      },
    });
  };

  const groups = Object.entries(SETTING_GROUPS) as [SettingGroup, string][];
  return (
    <>
      {!answer.saved && (
        <p className="mb-4 rounded-lg bg-brand-50 px-3 py-2 text-sm text-stone-700">
          These are the values from the store's configuration. Once you save, yours apply on every page, quote
          and new order at once.
        </p>
      )}
      <form onSubmit={submit} noValidate aria-label="Store settings" className="flex flex-col gap-6">
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
                <SettingInput
                  id={`${id}-${key}`}
                  name={key}
                  meta={meta}
                  value={form[key] ?? ''}
                  error={errors[key]}
                  onChange={(value) => setForm((current) => ({ ...current, [key]: value }))}
                />
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

/** The back office's Settings page (owners only). */
export function SettingsView() {
  const query = useOwnerSettings();
  return (
    <QueryState isPending={query.isPending} error={query.error} label="settings">
      {query.data && <SettingsForm answer={query.data} />}
    </QueryState>
  );
}
