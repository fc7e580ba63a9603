import { useState } from 'preact/hooks';
import { putCapture, type Api } from '../api-client.ts';
import { scanHref } from '../router.ts';
import type { Scan } from '../types.ts';
import { ErrorNote } from './basics.tsx';

const EXAMPLE_DESCRIPTOR = '{"sandbox": true, "sex": "female", "heightM": 1.68, "weightKg": 64, "seed": 7}';

/**
 * Creates a scan for the user, asks for its upload address and PUTs the dropped (or chosen) file
 * there, then opens the scan, which follows processing live. A sandbox descriptor is a small JSON
 * file; a capture file (PLY, OBJ, GLB, ZIP) goes the same way.
 */
export function UploadPanel({ api, token }: { api: Api; token: string }) {
  const [state, setState] = useState<string | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [over, setOver] = useState(false);

  const upload = async (file: Blob, name: string): Promise<void> => {
    setError(null);
    try {
      setState(`Creating a scan for ${name}…`);
      const scan = await api.post<Scan>('/scans', { userToken: token, deviceConfigName: 'IPHONE_SCANNER' });
      const address = await api.post<{ url: string }>(`/scans/${encodeURIComponent(scan.id)}/upload-url`);
      setState(`Uploading ${name} (${file.size} bytes)…`);
      await putCapture(address.url, file);
      setState(null);
      location.hash = scanHref(scan.id);
    } catch (problem) {
      setState(null);
      setError(problem instanceof Error ? problem : new Error(String(problem)));
    }
  };

  const onDrop = (event: DragEvent): void => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer?.files[0];
    if (file) void upload(file, file.name);
  };

  return (
    <div>
      <div class={`drop-zone${over ? ' over' : ''}`} data-testid="drop-zone"
        onDragOver={(event) => { event.preventDefault(); setOver(true); }}
        onDragLeave={() => setOver(false)} onDrop={onDrop}>
        <p>Drop a capture file or a sandbox descriptor here, or</p>
        <label class="file-label" for="capture-file">choose a file</label>
        <input id="capture-file" type="file" class="visually-hidden"
          onChange={(event) => {
            const input = event.target as HTMLInputElement;
            const file = input.files?.[0];
            if (file) void upload(file, file.name);
            input.value = '';
          }} />
      </div>
      <p class="muted small">A sandbox descriptor is JSON like <code>{EXAMPLE_DESCRIPTOR}</code>.</p>
      <button type="button" onClick={() => void upload(new Blob([EXAMPLE_DESCRIPTOR], { type: 'application/json' }), 'a sandbox descriptor')}>
        Upload a sandbox descriptor
      </button>
      {state ? <p aria-live="polite">{state}</p> : null}
      <ErrorNote error={error} />
    </div>
  );
}
