import { SettingsView } from '../../features/admin-settings/settings-view';

export function Component() {
  return (
    <section>
      <h1 className="mb-4 text-2xl font-extrabold text-stone-900">Settings</h1>
      <SettingsView />
    </section>
  );
}
