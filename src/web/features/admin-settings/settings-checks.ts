import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { OWNER_SETTING_FIELDS, OwnerSettings } from '../../../shared/owner-settings';

// The Settings form's checks: the shared OwnerSettings the server runs on what is saved. The
// settings page loads this module at the form's first focus or check, as every form does (decision 0088).

type SettingValue = string | boolean | string[];

const NUMBER_KINDS = ['rupees', 'days', 'hours', 'count'];

/** Number fields become numbers (an empty one stays missing, so the schema names it); switches and channels are as ticked. */
const settingsOf = (form: Record<string, SettingValue>): Record<string, unknown> =>
  Object.fromEntries(
    OWNER_SETTING_FIELDS.map(({ key, meta }) => {
      const value = form[key] ?? '';
      if (typeof value !== 'string' || !NUMBER_KINDS.includes(meta.kind)) return [key, value];
      return [key, value.trim() === '' ? undefined : Number(value.replace(/[₹,\s]/g, ''))];
    }),
  );

const SettingsForm = z
  .record(z.string(), z.union([z.string(), z.boolean(), z.array(z.string())]))
  .transform((form, context) => {
    const checked = OwnerSettings.safeParse(settingsOf(form));
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) {
      context.addIssue({ code: 'custom', message: issue.message, path: [String(issue.path[0])] });
    }
    return z.NEVER;
  });

export const checkSettings = zodResolver(SettingsForm);
