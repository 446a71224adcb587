import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useState } from 'react';
import { useStores } from '../stores/useStores';

// The toaster (overlay, portal, transitions) loads with the first toast, so the sign-in
// page does not pay for it up front.
const ToastHost = lazy(() =>
  import('./ToastHost').then((module) => ({ default: module.ToastHost })),
);

/** Mounts the toaster once the first toast arrives, and keeps it for its exit animations. */
export const ToastOutlet = observer(function ToastOutlet() {
  const { toasts } = useStores();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.toasts.length > 0) setNeeded(true);
  if (!needed && toasts.toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
});
