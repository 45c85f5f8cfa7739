import { Toast } from 'radix-ui';
import { useStore } from '../../lib/store.ts';
import { toasts$ } from './toast-store.ts';
import './toast.css';
import { t } from '../../i18n/i18n.ts';

/**
 * Radix toasts of the store; errors stay a little longer, since they say what to fix (the form
 * marks the fields too), but not so long that they hide the bottom of a phone's screen.
 */
export default function Toaster() {
  const items = useStore(toasts$);
  return (
    <Toast.Provider swipeDirection="right" label={t('toast.label')}>
      {items.map((item) => (
        <Toast.Root
          key={item.id}
          className={`toast toast-${item.kind}`}
          type={item.kind === 'error' ? 'foreground' : 'background'}
          duration={item.kind === 'error' ? 7_000 : 5_000}
          onOpenChange={(open) => {
            if (!open) toasts$.dismiss(item.id);
          }}
        >
          <Toast.Title className="toast-title">{item.title}</Toast.Title>
          {item.description ? (
            <Toast.Description className="toast-description">{item.description}</Toast.Description>
          ) : null}
          <Toast.Close className="toast-close" aria-label={t('toast.dismiss')}>
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" />
    </Toast.Provider>
  );
}
