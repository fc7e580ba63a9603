import { useEffect, useRef, useState } from 'preact/hooks';
import type { BodyScene } from './body-scene.ts';

/**
 * A 3D body from a GLB address, with the measurement stripes as an optional overlay. three.js is
 * fetched the first time a viewer appears.
 */
export function BodyViewer({ bodyUrl, stripesUrl, showStripes, label, testId, sameSkin = false }: {
  bodyUrl: string; stripesUrl: string | null; showStripes: boolean; label: string; testId: string; sameSkin?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const scene = useRef<BodyScene | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    setProblem(null);
    import('./body-scene.ts')
      .then(({ createBodyScene }) => createBodyScene(box.current!, bodyUrl, stripesUrl, showStripes, sameSkin))
      .then((created) => {
        if (cancelled) created.dispose();
        else scene.current = created;
      })
      .catch((error: unknown) => {
        if (!cancelled) setProblem(`The 3D view could not be shown: ${error instanceof Error ? error.message : String(error)}`);
      });
    return () => { cancelled = true; scene.current?.dispose(); scene.current = null; };
  }, [bodyUrl, stripesUrl]);

  useEffect(() => { scene.current?.setStripesVisible(showStripes); }, [showStripes]);

  return (
    <figure class="viewer">
      <div ref={box} class="viewer-canvas" data-testid={testId} role="img" aria-label={`${label}; drag to turn it, scroll to zoom`} />
      <figcaption>{label}</figcaption>
      {problem ? <p class="error" role="alert">{problem}</p> : null}
    </figure>
  );
}
