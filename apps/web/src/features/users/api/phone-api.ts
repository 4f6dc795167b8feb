import { ZPhoneState, type TPhoneState } from '@aquasmart/domain';
import { http } from '../../../lib/http/http';

/** The own mobile number for SMS (docs/alarm-notifications.md, "Phone number"): set it (a code goes to it), confirm the code, remove it. */
export async function startPhone(phone: string): Promise<TPhoneState> {
  return ZPhoneState.parse(await http.post<unknown>('/users/current/phone', { phone }));
}

export async function confirmPhone(code: string): Promise<TPhoneState> {
  return ZPhoneState.parse(await http.post<unknown>('/users/current/phone/confirm', { code }));
}

export async function removePhone(): Promise<TPhoneState> {
  return ZPhoneState.parse(await http.delete<unknown>('/users/current/phone'));
}
