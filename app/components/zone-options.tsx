/** A `<select>`'s group of IANA time zones, shown with spaces for underscores ("America/New York"). */
export function ZoneGroup({ label, zones }: { label: string; zones: string[] }) {
  return (
    <optgroup label={label}>
      {zones.map((zone) => (
        <option key={zone} value={zone}>
          {zone.replace(/_/g, " ")}
        </option>
      ))}
    </optgroup>
  );
}
