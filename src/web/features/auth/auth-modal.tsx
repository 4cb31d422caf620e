import { type ComponentProps, lazy, Suspense, useState } from 'react';

export type { AuthMode } from './auth-forms';
// The login and register pages show it under their forms too; from here it stays in the entry,
// with the Button nearly every page uses.
export { ContinueWithPhone } from './continue-with-phone';

const AuthDialog = lazy(() => {
  // The dialog opens on its mobile number form (decision 0069): both download at once rather than
  // one after the other.
  void import('./phone-sign-in-form');
  return import('./auth-dialog').then((module) => ({ default: module.AuthDialog }));
});

/**
 * SPEC 2 "Login and signup modal" (auth-dialog.tsx). Its code loads when it first opens: every
 * page holds it (the navigation's Login and Register), few open it, and it stays out of the entry.
 */
export function AuthModal(props: ComponentProps<typeof AuthDialog>) {
  const [opened, setOpened] = useState(props.isOpen);
  if (props.isOpen && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog {...props} />
    </Suspense>
  );
}
