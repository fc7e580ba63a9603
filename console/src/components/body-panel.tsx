import { useState } from 'preact/hooks';
import { enc, type Api } from '../api-client.ts';
import { useResource } from '../use-resource.ts';
import type { AssetUrls } from '../types.ts';
import { ErrorNote, Loading, Section } from './basics.tsx';
import { BodyViewer } from './body-viewer.tsx';

/** The scan's 3D body: the fitted avatar (`model`) or the canonical body, stripes on or off. */
export function BodyPanel({ api, scanId }: { api: Api; scanId: string }) {
  const urls = useResource(() => api.get<AssetUrls>(`/scans/${enc(scanId)}/asset-urls`), [api, scanId]);
  const [which, setWhich] = useState<'model' | 'canonicalBody'>('model');
  const [stripes, setStripes] = useState(true);
  const data = urls.data;
  const glb = (url: string | null | undefined): url is string => typeof url === 'string' && new URL(url, location.href).pathname.endsWith('.glb');
  const bodyUrl = data ? (glb(data[which]) ? data[which] : glb(data.canonicalBody) ? data.canonicalBody : null) : null;
  // The stripes lie on the `model` surface; on the canonical (rest-pose) body they would float.
  const stripesUrl = which === 'model' && data?.stripes ? data.stripes : null;

  return (
    <Section title="3D body" id="body">
      <ErrorNote error={urls.error} />
      {!data ? <Loading what="the body" /> : (
        <>
          <div class="toolbar">
            <fieldset class="inline">
              <legend>Body</legend>
              <label><input type="radio" name="body-asset" checked={which === 'model'} onChange={() => setWhich('model')} /> Fitted avatar (model)</label>
              <label><input type="radio" name="body-asset" checked={which === 'canonicalBody'} onChange={() => setWhich('canonicalBody')} /> Canonical body</label>
            </fieldset>
            <label><input type="checkbox" checked={stripes} disabled={stripesUrl === null} onChange={(event) => setStripes((event.target as HTMLInputElement).checked)} data-testid="stripes-toggle" /> Measurement stripes</label>
          </div>
          <div class="viewer-row">
            {bodyUrl ? <BodyViewer bodyUrl={bodyUrl} stripesUrl={stripesUrl} showStripes={stripes} label={which === 'model' ? 'Fitted avatar' : 'Canonical body'} testId="scan-viewer" />
              : <p class="muted">This scan's configuration has no GLB body to show.</p>}
            <div class="viewer-notes muted">
              <p>Drag to turn the body, scroll to zoom, right-drag to move it.</p>
              <p>The <strong>fitted avatar</strong> is the body model posed like the capture (the <code>model</code> asset); the
                <strong> canonical body</strong> is the same shape in the model's rest pose (<code>canonicalBody</code>).</p>
              <p>The <strong>measurement stripes</strong> (<code>stripes</code> asset) are the tape's path at each girth site on the avatar.</p>
            </div>
          </div>
        </>
      )}
    </Section>
  );
}
