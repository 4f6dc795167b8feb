import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { hasAnyRight, isAdministrator, rulebookForCountry, type TCustomer, type TLocation } from '@aquasmart/domain';
import { customerOptionsQuery } from '../../lib/api/customers';
import { useCurrentUser } from '../../lib/session/current-user';
import { CalibrationDownloadButton } from './calibration-download-button';
import { DetailField, DetailList, Section } from '../page/index';

/**
 * The logbook settings of a place (docs/places.md, "Logbook settings"): its rulebook, or what its
 * default gives (the country's; a location's customer's), and a location's healthcare and time zone.
 */
function LogbookDetails({ place }: { place: TCustomer | TLocation }) {
  const { t } = useTranslation();
  const isLocation = 'customer' in place;
  const customers = useQuery({ ...customerOptionsQuery, enabled: isLocation && place.rulebook === null });
  let rulebook: string;
  if (place.rulebook) rulebook = t(`places.rulebooks.${place.rulebook}`);
  else if (!isLocation) rulebook = t('places.rulebookByCountry', { rulebook: rulebookForCountry(place.country) });
  else {
    const inherited = customers.data?.find((option) => option.name === place.customer)?.rulebook;
    rulebook = inherited ? t('places.rulebookAsCustomer', { rulebook: inherited }) : t('places.rulebookAsCustomerUnknown');
  }
  return (
    <Section title={t('places.logbookTitle')}>
      <DetailList>
        <DetailField label={t('places.rulebook')}>{rulebook}</DetailField>
        {isLocation ? <DetailField label={t('places.timeZone')}>{place.timeZone.replace(/_/g, ' ')}</DetailField> : null}
        {isLocation ? <DetailField label={t('places.healthcare')}>{place.healthcare ? t('places.healthcareYes') : t('places.healthcareNo')}</DetailField> : null}
      </DetailList>
    </Section>
  );
}

/**
 * The #details tab of a customer or location: its fields; the calibration interval for users
 * with settings or calibration; the platform for administrators; the calibration-log download
 * with calibrationData (docs/places-screens.md, "Administrator-only fields").
 */
export function PlaceDetails({ place, location, extra }: { place: TCustomer | TLocation; location?: string; extra?: ReactNode }) {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const admin = isAdministrator(user);
  const showInterval = hasAnyRight(user, 'settings', 'calibration');
  const mayDownload = hasAnyRight(user, 'calibrationData');
  const customer = 'customer' in place ? place.customer : place.name;
  const platform = place.endpoint.platform;
  return (
    <Paper variant="outlined">
      <Section title={t('places.detailsTitle')}>
        <DetailList>
          <DetailField label={t('places.name')}>{place.name}</DetailField>
          {'customer' in place ? <DetailField label={t('places.customer')}>{place.customer}</DetailField> : null}
          <DetailField label={t('places.reference')}>{place.reference}</DetailField>
          <DetailField label={t('places.address')}>{place.address}</DetailField>
          <DetailField label={t('places.postalCode')}>{place.postalCode}</DetailField>
          <DetailField label={t('places.city')}>{place.city}</DetailField>
          <DetailField label={t('places.country')}>{place.country}</DetailField>
          <DetailField label={t('places.nodes')}>{t('places.nodesOnline', { online: place.online, nodes: place.nodes })}</DetailField>
          <DetailField label={t('places.channels')}>{place.channels}</DetailField>
          {extra}
          <DetailField label={t('places.notes')} wide>
            {place.notes}
          </DetailField>
        </DetailList>
      </Section>
      <LogbookDetails place={place} />
      <Section title={t('places.responsibleTitle')}>
        <DetailList>
          {(['responsible', 'deputy'] as const).map((who) => {
            const person = place[who];
            return (
              <DetailField key={who} label={t(`places.${who}`)} wide>
                {person
                  ? [person.name, person.role, person.organisation, person.email, person.phone].filter(Boolean).join(' · ')
                  : 'customer' in place
                    ? t('places.responsibleAsCustomer')
                    : null}
              </DetailField>
            );
          })}
        </DetailList>
      </Section>
      {showInterval || admin || mayDownload ? (
        <Section title={admin ? t('places.calibrationTitle') : t('places.calibrationOnlyTitle')}>
          <DetailList>
            {showInterval ? (
              <DetailField label={t('places.interval')}>{t('places.intervalYears', { count: place.calibration.interval })}</DetailField>
            ) : null}
            {admin ? (
              <>
                <DetailField label={t('places.platform')}>{t(`places.platforms.${platform ?? 'none'}`, { defaultValue: platform ?? '' })}</DetailField>
                {place.endpoint.url ? <DetailField label={t('places.url')}>{place.endpoint.url}</DetailField> : null}
                {platform && platform !== 'Customer' ? (
                  <DetailField label={t('places.token')}>{place.endpoint.token ? t('places.tokenSet') : t('places.tokenMissing')}</DetailField>
                ) : null}
              </>
            ) : null}
          </DetailList>
          {mayDownload ? (
            <Box sx={{ mt: 2 }}>
              <CalibrationDownloadButton customer={customer} location={location} />
            </Box>
          ) : null}
        </Section>
      ) : null}
    </Paper>
  );
}
