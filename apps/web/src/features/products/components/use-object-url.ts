import { useEffect, useState } from 'react';

/**
 * An object URL for a blob, valid while the component shows it: revoked when the blob changes
 * and on unmount, so a list of product images does not keep their bytes alive.
 */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return undefined;
    }
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return url;
}
