import { mapEndpoints } from '@netloom/domain';
import { useEffect, useState } from 'react';
import { hrefOf } from '../../api/client';

/** The map's image, loaded once per map (an image never changes after upload). */
export function useMapImage(
  projectId: number,
  mapId: number,
): { image: HTMLImageElement | null; failed: boolean } {
  const [state, setState] = useState<{ mapId: number; image: HTMLImageElement | null; failed: boolean }>({
    mapId,
    image: null,
    failed: false,
  });
  useEffect(() => {
    let current = true;
    const img = new window.Image();
    img.onload = () => current && setState({ mapId, image: img, failed: false });
    img.onerror = () => current && setState({ mapId, image: null, failed: true });
    img.src = hrefOf(mapEndpoints.image, { params: { id: projectId, mapId } });
    return () => {
      current = false;
    };
  }, [projectId, mapId]);
  return state.mapId === mapId ? state : { image: null, failed: false };
}
