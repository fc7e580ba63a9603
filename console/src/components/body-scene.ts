// Loaded on first use (dynamic import): three.js stays out of the console's first load.
import {
  AmbientLight, Box3, Color, DirectionalLight, Group, HemisphereLight, LineBasicMaterial, MeshStandardMaterial, Object3D, PerspectiveCamera,
  Scene, Spherical, Vector3, WebGLRenderer,
} from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';

export interface BodyScene {
  setStripesVisible(visible: boolean): void;
  dispose(): void;
}

const STRIPE_COLOUR = new Color('#e0115f');
const COMPARISON_SKIN = new Color('#c9a48c');

/**
 * One body GLB (and optionally its stripes GLB, which shares the body's frame and units) in a
 * canvas with orbit controls; renders only when something changed. The container's
 * `data-azimuth-deg` follows the camera, so a test can tell that the view turned.
 */
export async function createBodyScene(container: HTMLElement, bodyUrl: string, stripesUrl: string | null, showStripes: boolean, sameSkin = false): Promise<BodyScene> {
  const renderer = new WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  const width = container.clientWidth || 320;
  const height = container.clientHeight || 420;
  renderer.setPixelRatio(Math.min(devicePixelRatio, 2));
  renderer.setSize(width, height);
  renderer.domElement.setAttribute('aria-hidden', 'true');
  container.appendChild(renderer.domElement);

  const scene = new Scene();
  scene.background = new Color('#eceae6');
  scene.add(new HemisphereLight('#ffffff', '#777777', 1.6));
  scene.add(new AmbientLight('#ffffff', 0.4));
  const key = new DirectionalLight('#ffffff', 1.6);
  key.position.set(1, 2, 2);
  scene.add(key);

  const loader = new GLTFLoader();
  const body = (await loader.loadAsync(bodyUrl)).scene;
  // Two bodies compared side by side get one material, so that only their shapes differ (a
  // predicted body carries no colour of its own).
  if (sameSkin) {
    const skin = new MeshStandardMaterial({ color: COMPARISON_SKIN, roughness: 0.8 });
    body.traverse((node: Object3D) => { const mesh = node as Object3D & { isMesh?: boolean; material?: unknown }; if (mesh.isMesh) mesh.material = skin; });
  }
  scene.add(body);
  const stripes = new Group();
  if (stripesUrl) {
    const loaded = (await loader.loadAsync(stripesUrl)).scene;
    // Drawn over the skin: a tape on the surface would otherwise flicker in and out of it.
    loaded.traverse((node: Object3D) => {
      const line = node as Object3D & { material?: unknown; isLine?: boolean };
      if (line.isLine) line.material = new LineBasicMaterial({ color: STRIPE_COLOUR, depthTest: false });
      node.renderOrder = 1;
    });
    stripes.add(loaded);
  }
  stripes.visible = showStripes;
  scene.add(stripes);

  // Frame the body: look at its centre from the front, far enough to see it whole.
  const box = new Box3().setFromObject(body);
  const centre = box.getCenter(new Vector3());
  const size = box.getSize(new Vector3());
  const camera = new PerspectiveCamera(35, width / height, 0.01, 100);
  const distance = (Math.max(size.y, size.x) / 2) / Math.tan((35 / 2) * Math.PI / 180) * 1.15;
  camera.position.set(centre.x, centre.y, centre.z + distance);
  camera.lookAt(centre);

  const controls = new OrbitControls(camera, renderer.domElement);
  controls.target.copy(centre);
  controls.enableDamping = false;
  const spherical = new Spherical();
  const render = (): void => {
    renderer.render(scene, camera);
    spherical.setFromVector3(camera.position.clone().sub(controls.target));
    container.dataset.azimuthDeg = (spherical.theta * 180 / Math.PI).toFixed(1);
  };
  controls.addEventListener('change', render);
  controls.update();
  render();
  container.dataset.ready = 'true';

  return {
    setStripesVisible(visible) { stripes.visible = visible; render(); },
    dispose() {
      controls.dispose();
      renderer.dispose();
      renderer.domElement.remove();
    },
  };
}
