// 3. Departed people still holding licenses: offboarded people, or people past their end date.
import { opportunityKey } from '../../../../common/insights/opportunity';
import {
  allFree,
  applicationPath,
  hasLeft,
  indexOf,
  isLive,
  seatEvidence,
  seatPrice,
  seatSavingFields,
  seatUnit,
  type Detector,
} from './facts';
import { formatProseDate, plural } from '../../../../common/wording';

export const detectDepartedPeople: Detector = (snapshot) => {
  const index = indexOf(snapshot);
  const { today, currency } = snapshot.organization;
  return snapshot.people.flatMap((person) => {
    if (!hasLeft(person, today)) return [];
    const seats = (index.seatsOfPerson.get(person.id) ?? []).filter((s) => {
      const app = index.app.get(s.applicationId);
      return app !== undefined && isLive(app);
    });
    if (seats.length === 0) return [];
    const priced = seats.map((seat) => ({
      applicationId: seat.applicationId,
      poolId: seat.poolId,
      unit: seatUnit(seat),
      price: seatPrice(index.pool.get(seat.poolId)!, index.app.get(seat.applicationId)!, index, currency),
    }));
    if (allFree(priced)) return [];
    const left =
      person.status === 'offboarded'
        ? 'was offboarded'
        : person.endDate
          ? `left on ${formatProseDate(person.endDate)}`
          : 'left';
    const n = seats.length;
    const appIds = [...new Set(seats.map((s) => s.applicationId))];
    const names = appIds.map((id) => index.app.get(id)!.name);
    return [
      {
        type: 'departed_person' as const,
        key: opportunityKey('departed_person', person.id),
        title: `${person.name} left but still holds ${plural(n, 'license')}`,
        explanation: `${person.name} ${left} and still holds ${names.join(', ')}. Reclaim the seats and revoke the access.`,
        evidence: [
          {
            kind: 'person' as const,
            id: person.id,
            label: person.name,
            figures: { Email: person.email, Status: person.status, 'End date': person.endDate },
          },
          ...seats.map((seat) => seatEvidence(seat, index)),
        ],
        ...seatSavingFields(priced, index),
        confidence: 'high' as const,
        confidenceReason:
          person.status === 'offboarded'
            ? 'The person is marked offboarded.'
            : 'The person’s end date has passed.',
        applicationIds: appIds,
        personIds: [person.id],
        action: {
          path: appIds.length === 1 ? applicationPath(appIds[0]) : '/app/users',
          text: `Reclaim ${plural(n, 'license')}`,
        },
      },
    ];
  });
};
