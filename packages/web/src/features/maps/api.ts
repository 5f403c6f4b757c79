import {
  deviceEndpoints,
  mapEndpoints as E,
  LOADING_STATES,
  MAP_PLACEABLE_KINDS,
  MAX_DEVICE_PAGE_SIZE,
  type MapPdfMode,
  type MapScaleRequest,
  type MapWallsRequest,
} from '@netloom/domain';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useLoading } from '../../components/loading';
import { mapKeys } from './keys';

/** The project's maps (summaries: scale, wall count, placements). */
export function useMaps(projectId: number) {
  return useQuery({
    queryKey: mapKeys.list(projectId),
    queryFn: () => call(E.list, { params: { id: projectId } }),
  });
}

/** One map with its walls and placed devices (name, status). */
export function useMap(projectId: number, mapId: number | null) {
  return useQuery({
    queryKey: mapKeys.detail(projectId, mapId ?? 0),
    queryFn: () => call(E.get, { params: { id: projectId, mapId: mapId ?? 0 } }),
    enabled: mapId !== null,
  });
}

/** The devices that may go on a map (APs, mesh and wireless routers), with status and clients. */
export function usePlaceableDevices(projectId: number) {
  return useQuery({
    queryKey: mapKeys.devices(projectId),
    queryFn: () =>
      call(deviceEndpoints.list, {
        params: { id: projectId },
        query: { type: MAP_PLACEABLE_KINDS.join(','), pageSize: MAX_DEVICE_PAGE_SIZE, sort: 'name' },
      }),
  });
}

/** Each placed device's live radios (band, channel, tx power): what the heat map computes from. */
export function usePlacedRadios(projectId: number, deviceIds: readonly number[]) {
  return useQueries({
    queries: deviceIds.map((deviceId) => ({
      queryKey: mapKeys.radios(projectId, deviceId),
      queryFn: () => call(deviceEndpoints.get, { params: { id: projectId, deviceId } }),
    })),
  });
}

/** What the upload dialog sends: the original file and, for a PDF, the mode and the rendered pages. */
export interface MapUpload {
  file: File;
  name?: string;
  pdf?: { mode: MapPdfMode; pages: Blob[] };
}

export function useUploadMap(projectId: number) {
  const queryClient = useQueryClient();
  const { run } = useLoading();
  return useMutation({
    mutationFn: (u: MapUpload) => {
      const body = new FormData();
      if (u.name) body.append('name', u.name);
      if (u.pdf) {
        body.append('pdfMode', u.pdf.mode);
        for (const [i, p] of u.pdf.pages.entries()) body.append('page', p, `page-${i + 1}.png`);
      }
      body.append('file', u.file);
      return run(LOADING_STATES.UPLOADING, () => call(E.upload, { params: { id: projectId }, body }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: mapKeys.all(projectId) }),
  });
}

/** The map mutations of the page; each refreshes the project's map queries when done. */
export function useMapChanges(projectId: number, mapId: number) {
  const queryClient = useQueryClient();
  const params = { id: projectId, mapId };
  const onSettled = () => queryClient.invalidateQueries({ queryKey: mapKeys.all(projectId) });
  return {
    rename: useMutation({
      mutationFn: (name: string) => call(E.rename, { params, body: { name } }),
      onSettled,
    }),
    remove: useMutation({ mutationFn: () => call(E.remove, { params }), onSettled }),
    setScale: useMutation({
      mutationFn: (body: MapScaleRequest) => call(E.setScale, { params, body }),
      onSettled,
    }),
    putWalls: useMutation({
      mutationFn: (body: MapWallsRequest) => call(E.putWalls, { params, body }),
      onSettled,
    }),
    place: useMutation({
      mutationFn: (p: { deviceId: number; x: number; y: number }) =>
        call(E.placeDevice, { params: { ...params, deviceId: p.deviceId }, body: { x: p.x, y: p.y } }),
      onSettled,
    }),
    unplace: useMutation({
      mutationFn: (deviceId: number) => call(E.unplaceDevice, { params: { ...params, deviceId } }),
      onSettled,
    }),
  };
}
