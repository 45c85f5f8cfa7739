import useSWR from 'swr';
import type { UploadLimits } from '../../shared/contracts/limits.ts';
import { t } from '../i18n/i18n.ts';
import { siteApi } from '../../shared/endpoints/site.ts';

/** The largest picture and video the server takes (docs/api.md, "Other calls"), once known. */
export function useUploadLimits(): UploadLimits | undefined {
  return useSWR<UploadLimits>(siteApi.limits.path()).data;
}

/** MB of 1024 x 1024 bytes, as the server's refusals say them, so both name the same number. */
export const megabytes = (bytes: number): string => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** "At most 5 MB.", said before a picture is chosen; nothing until the limit is known. */
export function imageSizeHint(limits: UploadLimits | undefined): string | undefined {
  return limits ? t('image.atMost', { size: megabytes(limits.maxImageBytes) }) : undefined;
}
