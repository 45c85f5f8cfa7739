import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import type { CurrentUser } from '../../../shared/contracts/users.ts';
import { FormField, FormStatus } from '../../components/forms/form-field.tsx';
import { UploadProgress } from '../../components/forms/upload-progress.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { serverText } from '../../i18n/server-messages.ts';
import { useApi, useSession } from '../../lib/session.tsx';
import { imageSizeHint, useUploadLimits } from '../../api/limits.ts';
import './account.css';
import { t } from '../../i18n/i18n.ts';
import { replaceImage } from '../../api/account.ts';

const kinds = {
  avatar: { current: (u: CurrentUser) => u.avatar },
  coverImage: { current: (u: CurrentUser) => u.coverImage },
} as const;

/**
 * Choosing a file uploads it at once (docs/product.md, "The student's account"), with
 * the share sent so far, a way to cancel, and then the new picture as the server stored it.
 */
export function ImageUpdate({ kind, user }: { kind: keyof typeof kinds; user: CurrentUser }) {
  const id = useId();
  const api = useApi();
  const { session } = useSession();
  const { current } = kinds[kind];
  const [progress, setProgress] = useState<number | null>(null);
  const [status, setStatus] = useState<{ ok?: string; error?: string }>({});
  const upload = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const image = current(user);
  const sizeHint = imageSizeHint(useUploadLimits());

  useEffect(() => () => upload.current?.abort(), []);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.type && !file.type.startsWith('image/')) {
      setStatus({ error: t(`image.${kind}.notImage`) });
      return;
    }
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    const form = new FormData();
    form.append(kind, file);
    setStatus({});
    setProgress(0);
    try {
      const { data, message } = await replaceImage(api, kind, form, {
        signal: controller.signal,
        onProgress: setProgress,
      });
      session.setUser(data);
      setStatus({ ok: serverText(message, 200) });
    } catch (err) {
      if (controller.signal.aborted) setStatus({ error: t(`image.${kind}.cancelled`) });
      else setStatus({ error: errorMessage(err) });
    } finally {
      if (upload.current === controller) upload.current = null;
      setProgress(null);
      // Lets the same file be chosen again after a failure.
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className={`image-update image-update-${kind}`}>
      <figure className="image-current">
        {image ? (
          <img
            src={image}
            alt={t(`image.${kind}.yours`)}
            width={kind === 'avatar' ? 256 : 1600}
            height={kind === 'avatar' ? 256 : 900}
          />
        ) : (
          <p className="account-cover-empty">{t(`image.${kind}.none`)}</p>
        )}
        <figcaption>{t(`image.${kind}.current`)}</figcaption>
      </figure>
      <div className="form-card">
        <FormField
          id={`${id}-file`}
          label={t(`image.${kind}.choose`)}
          hint={sizeHint ? `${t('image.hint')} ${sizeHint}` : t('image.hint')}
          error={undefined}
        >
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            name={kind}
            accept="image/*"
            disabled={progress !== null}
            onChange={(e) => void onChange(e)}
          />
        </FormField>
        {progress !== null ? (
          <div className="form-actions">
            <UploadProgress fraction={progress} label={t(`image.${kind}.uploading`)} />
            <button type="button" className="button button-secondary" onClick={() => upload.current?.abort()}>
              {t('image.cancel')}
            </button>
          </div>
        ) : null}
        <FormStatus {...status} />
      </div>
    </div>
  );
}
