import { useId, useState } from 'react';
import type { StaffInviteSent, StaffMember } from '../../../shared/api/staff';
import { whatsappShareLink } from '../../../shared/api/staff-rules';
import { formatIndiaDateTime } from '../../../shared/india-time';
import {
  may,
  STAFF_PERMISSION_LABELS,
  STAFF_PERMISSIONS,
  STAFF_ROLE_LABELS,
  STAFF_ROLE_NAMES,
  STAFF_ROLES,
  type StaffRole,
} from '../../../shared/staff-roles';
import { checksOnFirstUse, refusalOnFields, useCheckedForm } from '../../checked-form';
import { errorMessage, QueryState } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormField, SelectField, TextAreaField } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';
import { useChangeStaffRole, useInviteStaff, useRevokeInvite, useStaff } from './staff-api';

// The owner invites staff by e-mail with a role, changes or revokes roles.

// The shared schemas, with Zod, load when a form is first focused or checked (decision 0088).
const loadChecks = () => import('./people-checks');
const checkStaffInvite = checksOnFirstUse(loadChecks, (checks) => checks.checkStaffInvite);
const checkStaffRole = checksOnFirstUse(loadChecks, (checks) => checks.checkStaffRole);

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));
const ROLE_CHOICES = [...ROLE_OPTIONS, { value: 'none', label: 'No access (remove from staff)' }];

export function InviteForm() {
  const id = useId();
  const invite = useInviteStaff();
  const { register, handleSubmit, formState, setError, reset } = useCheckedForm({
    checks: checkStaffInvite,
    defaultValues: { email: '', staffRole: 'orders' },
  });
  const errors = formState.errors;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [shared, setShared] = useState<StaffInviteSent | null>(null);
  const [copied, setCopied] = useState(false);

  const submit = handleSubmit((values) => {
    setSentTo(null);
    setShared(null);
    setCopied(false);
    invite.mutate(values, {
      onSuccess: (sent) => {
        setSentTo(values.email);
        setShared(sent);
        reset({ email: '', staffRole: values.staffRole });
      },
      onError: (error) => refusalOnFields(error, ['email'], setError),
    });
  });

  return (
    <form
      onSubmit={submit}
      onFocus={checkStaffInvite.preload}
      noValidate
      aria-label="Invite staff"
      className="grid gap-3 sm:grid-cols-[2fr_2fr_auto] sm:items-end"
    >
      <FormField
        id={`${id}-email`}
        label="E-mail"
        type="email"
        required
        maxLength={254}
        autoComplete="off"
        className="w-full"
        error={errors.email?.message}
        {...register('email')}
      />
      <SelectField
        id={`${id}-role`}
        label="Role"
        className="w-full"
        options={ROLE_OPTIONS}
        // The select draws its first option unless told: React sets the chosen one only from this.
        defaultValue="orders"
        error={errors.staffRole?.message}
        {...register('staffRole')}
      />
      <Button type="submit" disabled={invite.isPending}>
        {invite.isPending ? 'Sending…' : 'Send invitation'}
      </Button>
      {(errors.root || (invite.error && errors.email?.type !== 'server')) && (
        <div className="sm:col-span-3">
          <ErrorBanner>{errors.root?.message ?? errorMessage(invite.error)}</ErrorBanner>
        </div>
      )}
      {sentTo && (
        <p role="status" className="text-sm font-semibold text-green-800 sm:col-span-3">
          Invitation sent to {sentTo}. The link works once, for a week.
        </p>
      )}
      {shared && (
        // The same link as the mail's, to send by WhatsApp (or anything else) as well.
        <div className="flex flex-col gap-2 sm:col-span-3">
          <TextAreaField
            id={`${id}-share`}
            label="Or share the invitation"
            readOnly
            rows={4}
            className="break-words"
            value={shared.shareText}
            onFocus={(event) => event.target.select()}
          />
          <div className="flex flex-wrap gap-2">
            <a
              href={whatsappShareLink(shared.shareText)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center rounded-lg bg-green-700 px-4 text-sm font-semibold text-white hover:bg-green-800"
            >
              Share on WhatsApp
            </a>
            <Button
              variant="secondary"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(shared.shareText)
                  .then(() => setCopied(true))
                  .catch(() => setCopied(false))
              }
            >
              Copy link and message
            </Button>
            <span role="status" className="self-center text-sm text-stone-700">
              {copied ? 'Copied.' : ''}
            </span>
          </div>
        </div>
      )}
    </form>
  );
}

type RoleChoice = StaffRole | 'none';

/**
 * A staff member's role. The select only chooses: the change is saved with its own button, so a
 * keystroke on a focused select (an arrow key) never changes what someone may do, and removing
 * someone from the staff is asked once more.
 */
export function StaffRow({ member, isSelf }: { member: StaffMember; isSelf: boolean }) {
  const change = useChangeStaffRole();
  const { register, handleSubmit, formState, watch, reset } = useCheckedForm({
    checks: checkStaffRole,
    defaultValues: { staffRole: member.staffRole },
  });
  const chosen = watch('staffRole');
  const [asking, setAsking] = useState(false);
  const [saved, setSaved] = useState(false);
  const save = (staffRole: RoleChoice) =>
    change.mutate({ id: member.id, staffRole }, { onSuccess: () => setSaved(true) });
  // Removing someone from the staff is asked once more; the dialog's answer saves it.
  const submit = handleSubmit(({ staffRole }) => (staffRole === 'none' ? setAsking(true) : save(staffRole)));
  return (
    <li className="flex flex-col gap-2 border-b border-stone-100 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-semibold text-stone-900">
          {member.fullName}
          {isSelf ? ' (you)' : ''}
        </p>
        <p className="text-sm text-stone-600">{member.email}</p>
      </div>
      <form
        onSubmit={submit}
        onFocus={checkStaffRole.preload}
        noValidate
        className="flex flex-col gap-1 sm:w-72"
      >
        <SelectField
          label={`Role of ${member.fullName}`}
          className="w-full"
          options={ROLE_CHOICES}
          // The select draws its first option unless told: React sets the chosen one only from this.
          defaultValue={member.staffRole}
          disabled={change.isPending}
          error={formState.errors.staffRole?.message}
          {...register('staffRole', { onChange: () => setSaved(false) })}
        />
        {chosen !== member.staffRole && (
          <div className="flex gap-2">
            <Button type="submit" disabled={change.isPending}>
              {chosen === 'none' ? 'Remove from staff' : 'Save role'}
            </Button>
            <Button
              variant="ghost"
              disabled={change.isPending}
              onClick={() => reset({ staffRole: member.staffRole })}
            >
              Keep {STAFF_ROLE_NAMES[member.staffRole]}
            </Button>
          </div>
        )}
        {saved && chosen === member.staffRole && (
          <p role="status" className="text-sm font-semibold text-green-800">
            Role saved.
          </p>
        )}
        {formState.errors.root && <ErrorBanner>{formState.errors.root.message}</ErrorBanner>}
        {change.error && <ErrorBanner>{errorMessage(change.error)}</ErrorBanner>}
      </form>
      {asking && (
        <ConfirmDialog
          isOpen
          title={`Remove ${member.fullName} from the staff?`}
          message={`${member.email} can no longer open the back office; their account stays a customer's.`}
          confirmLabel="Remove from staff"
          onConfirm={() => {
            setAsking(false);
            save('none');
          }}
          onCancel={() => setAsking(false)}
        />
      )}
    </li>
  );
}

/**
 * Decision 0076: what each role may and may not do, read from the one permission table, so the
 * owner chooses a role knowing what it hands over.
 */
export function RolePermissions() {
  return (
    <section aria-labelledby="roles-heading" className="rounded-xl border border-brand-100 bg-white p-4">
      <h2 id="roles-heading" className="text-lg font-bold text-stone-900">
        What each role may do
      </h2>
      <div className="mt-2 flex flex-col gap-2">
        {STAFF_ROLES.map((role) => (
          <details key={role} className="rounded-lg border border-stone-200 px-3 py-2">
            <summary className="min-h-11 cursor-pointer content-center font-semibold text-stone-900">
              {STAFF_ROLE_NAMES[role]}
            </summary>
            <ul className="mt-1 grid gap-1 text-sm sm:grid-cols-2">
              {STAFF_PERMISSIONS.map((permission) => {
                const allowed = may(role, permission);
                return (
                  <li key={permission} className={allowed ? 'text-stone-900' : 'text-stone-600'}>
                    <span aria-hidden="true">{allowed ? '✓ ' : '✗ '}</span>
                    <span className="sr-only">{allowed ? 'May: ' : 'May not: '}</span>
                    {STAFF_PERMISSION_LABELS[permission]}
                  </li>
                );
              })}
            </ul>
          </details>
        ))}
      </div>
    </section>
  );
}

/** The back office's Staff page (owners only). */
export function StaffView({ currentUserId }: { currentUserId: number | undefined }) {
  const query = useStaff();
  const revoke = useRevokeInvite();
  const data = query.data;
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="invite-heading" className="rounded-xl border border-brand-100 bg-white p-4">
        <h2 id="invite-heading" className="mb-3 text-lg font-bold text-stone-900">
          Invite someone
        </h2>
        <InviteForm />
      </section>
      <RolePermissions />
      <QueryState isPending={query.isPending} error={query.error} label="staff">
        {data && (
          <>
            <section aria-labelledby="staff-heading">
              <h2 id="staff-heading" className="text-lg font-bold text-stone-900">
                Staff
              </h2>
              <ul>
                {data.staff.map((member) => (
                  <StaffRow key={member.id} member={member} isSelf={member.id === currentUserId} />
                ))}
              </ul>
            </section>
            <section aria-labelledby="invites-heading">
              <h2 id="invites-heading" className="text-lg font-bold text-stone-900">
                Open invitations
              </h2>
              {data.invites.length === 0 ? (
                <p className="mt-2 text-sm text-stone-600">No open invitations.</p>
              ) : (
                <ul>
                  {data.invites.map((invite) => (
                    <li
                      key={invite.id}
                      className="flex flex-wrap items-center justify-between gap-2 border-b border-stone-100 py-2"
                    >
                      <span className="text-sm text-stone-800">
                        {invite.email} · {STAFF_ROLE_NAMES[invite.staffRole]} · until{' '}
                        {formatIndiaDateTime(invite.expiresAt)}
                      </span>
                      <Button
                        variant="secondary"
                        disabled={revoke.isPending}
                        onClick={() => revoke.mutate(invite.id)}
                        aria-label={`Revoke the invitation to ${invite.email}`}
                      >
                        Revoke
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
              {revoke.error && <ErrorBanner>{errorMessage(revoke.error)}</ErrorBanner>}
            </section>
            <section aria-labelledby="staff-history-heading">
              <h2 id="staff-history-heading" className="text-lg font-bold text-stone-900">
                Recent changes
              </h2>
              {data.history.length === 0 ? (
                <p className="mt-2 text-sm text-stone-600">No changes yet.</p>
              ) : (
                <ul className="mt-2 text-sm text-stone-700">
                  {data.history.map((line) => (
                    <li key={`${line.at}-${line.by}`} className="border-b border-stone-100 py-2">
                      {formatIndiaDateTime(line.at)} · {line.by}:{' '}
                      {line.changes
                        .map((item) => `${item.key} ${String(item.from ?? '—')} → ${String(item.to ?? '—')}`)
                        .join('; ')}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </QueryState>
    </div>
  );
}
