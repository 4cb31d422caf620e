import { StaffView } from '../../features/admin-people/staff-view';
import { useAuth } from '../../features/auth/auth-provider';

export function Component() {
  const { user } = useAuth();
  return (
    <section>
      <h1 className="mb-4 text-2xl font-extrabold text-stone-900">Staff</h1>
      <StaffView currentUserId={user?.id} />
    </section>
  );
}
