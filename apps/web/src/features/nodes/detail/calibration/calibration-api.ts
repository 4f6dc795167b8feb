import type { QueryClient } from '@tanstack/react-query';
import { ZCalibrationResult, type TCalibrationResult, type TChannelCalibration, type TDevice } from '@aquasmart/domain';
import { http } from '../../../../lib/http/http';
import { encryptionModeOf, nodeApiPath, nodeQuery, NODES_QUERY_ROOT, patchNodeLora } from '../../../../lib/api/nodes';

/** The calls of calibration, offset edit and battery swap (docs/calibration.md). */
const calibrationPath = (eui: string, channelId: string) => `${nodeApiPath(eui)}/channels/${encodeURIComponent(channelId)}/calibration`;

/** POST /devices/{eui}/channels/{channelId}/calibration. */
export async function postCalibration(eui: string, channelId: string, body: TChannelCalibration): Promise<TCalibrationResult> {
  return ZCalibrationResult.parse(await http.post<unknown>(calibrationPath(eui, channelId), body));
}

/** PATCH /devices/{eui}/channels/{channelId}/calibration { offset }. */
export async function patchOffset(eui: string, channelId: string, offset: number): Promise<TCalibrationResult> {
  return ZCalibrationResult.parse(await http.patch<unknown>(calibrationPath(eui, channelId), { offset }));
}

/** Battery swap: PATCH /devices/{eui}/lora/{mode} with battery { ts, alarm { ts: 0 } }; the server stores its own clock. */
export async function swapBattery(device: TDevice): Promise<TDevice> {
  return patchNodeLora(device.eui, encryptionModeOf(device), { battery: { ts: Date.now(), alarm: { ts: 0 } } });
}

/** The node as a write answered it, shown at once; the lists that show it refetch when next looked at. */
export function showNode(queryClient: QueryClient, device: TDevice): void {
  queryClient.setQueryData(nodeQuery(device.eui).queryKey, device);
  void queryClient.invalidateQueries({ queryKey: NODES_QUERY_ROOT, refetchType: 'none' });
}
