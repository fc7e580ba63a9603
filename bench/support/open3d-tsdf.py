"""Open3D's TSDF fusion (ScalableTSDFVolume) of a phone recording, for the benchmark and the accuracy
evaluation: the peer a user would reach for. Reads a directory written by open3d-fusion.ts:
  meta.json  {"width", "height", "voxel_m", "trunc_m", "frames": [{"fx", "fy", "cx", "cy", "camera_to_world": [16, column-major]}]}
  depth.bin  uint16 little-endian z-depth in mm, frames x height x width (0 = no reading)
Fuses every frame with the poses as given (no pose refinement: Open3D's integration does none),
extracts the triangle mesh by marching cubes, writes mesh.ply (binary, metres, the poses' world
frame) and prints one JSON line: {"integrate_ms", "extract_ms", "vertices", "triangles"}.
Run with Debian's python3-open3d: /usr/bin/python3 bench/support/open3d-tsdf.py DIR
"""
import json
import sys
import time

import numpy as np
import open3d as o3d


def main(directory: str) -> None:
    with open(f"{directory}/meta.json") as f:
        meta = json.load(f)
    width, height = meta["width"], meta["height"]
    frames = meta["frames"]
    depth = np.fromfile(f"{directory}/depth.bin", dtype="<u2").reshape(len(frames), height, width)
    volume = o3d.pipelines.integration.ScalableTSDFVolume(
        voxel_length=meta["voxel_m"],
        sdf_trunc=meta["trunc_m"],
        color_type=o3d.pipelines.integration.TSDFVolumeColorType.NoColor,
    )
    # Colour is required by the RGBD type even when not integrated: one black image reused.
    colour = o3d.geometry.Image(np.zeros((height, width, 3), dtype=np.uint8))
    started = time.perf_counter()
    for index, frame in enumerate(frames):
        intrinsic = o3d.camera.PinholeCameraIntrinsic(width, height, frame["fx"], frame["fy"], frame["cx"], frame["cy"])
        camera_to_world = np.array(frame["camera_to_world"], dtype=np.float64).reshape(4, 4).T
        rgbd = o3d.geometry.RGBDImage.create_from_color_and_depth(
            colour, o3d.geometry.Image(np.ascontiguousarray(depth[index])), depth_scale=1000.0, depth_trunc=5.0,
            convert_rgb_to_intensity=False,
        )
        volume.integrate(rgbd, intrinsic, np.linalg.inv(camera_to_world))
    integrated = time.perf_counter()
    mesh = volume.extract_triangle_mesh()
    extracted = time.perf_counter()
    o3d.io.write_triangle_mesh(f"{directory}/mesh.ply", mesh, write_ascii=False)
    print(json.dumps({
        "integrate_ms": 1000 * (integrated - started),
        "extract_ms": 1000 * (extracted - integrated),
        "vertices": len(mesh.vertices),
        "triangles": len(mesh.triangles),
    }))


if __name__ == "__main__":
    main(sys.argv[1])
