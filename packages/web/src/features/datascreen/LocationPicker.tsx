import { EnvironmentOutlined } from '@ant-design/icons';
import type { GazetteerPlace, ProjectPlace } from '@netloom/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Select, Spin, Typography } from 'antd';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { searchPlaces } from './api';
import { GeoMap } from './GeoMap';
import { loadWorld, type MapData } from './geo';
import { dataScreenKeys } from './keys';
import './datascreen.css';

export interface LocationPickerProps {
  value?: ProjectPlace | null;
  onChange?(value: ProjectPlace | null): void;
  disabled?: boolean;
}

const MAP_HEIGHT = 190;

function hemisphere(v: number, pos: string, neg: string): string {
  return `${Math.abs(v).toFixed(4)}° ${v >= 0 ? pos : neg}`;
}

/**
 * The project form's location picker: search the offline gazetteer (a city gives coordinates and
 * its country), then click the small map to move the pin where the site really is. The place puts
 * the project on the data screen's map; "Remove" takes it off.
 */
export function LocationPicker({ value = null, onChange, disabled }: LocationPickerProps) {
  const [q, setQ] = useState('');
  const query = useDeferredValue(q.trim());
  const found = useQuery({
    queryKey: dataScreenKeys.places(query),
    queryFn: () => searchPlaces(query),
    enabled: query.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const items: GazetteerPlace[] = found.data?.items ?? [];
  const [world, setWorld] = useState<MapData | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    void loadWorld().then(setWorld);
  }, []);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([e]) => setWidth(Math.floor(e?.contentRect.width ?? 0)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  return (
    <Flex vertical gap={8} className="nl-location-picker">
      <Select<number>
        showSearch={{ filterOption: false, onSearch: setQ }}
        value={null}
        placeholder={
          value ? `Change: search another city (now ${value.city})` : 'Search a city, e.g. Hangzhou'
        }
        notFoundContent={found.isFetching ? <Spin size="small" /> : query ? 'No such place' : null}
        options={items.map((p, i) => ({ value: i, label: `${p.label} · ${p.countryName}` }))}
        onChange={(i) => {
          const p = items[i];
          if (!p) return;
          onChange?.({ lat: p.lat, lng: p.lng, country: p.country, city: p.label });
          setQ('');
        }}
        suffixIcon={<EnvironmentOutlined />}
        disabled={disabled}
        aria-label="Search a city"
        data-testid="location-search"
      />
      <div ref={box} className="nl-location-map" style={{ height: MAP_HEIGHT }}>
        {world && width > 0 ? (
          <GeoMap
            data={world}
            width={width}
            height={MAP_HEIGHT}
            focus={value}
            pin={value}
            onPick={value && !disabled ? (lat, lng) => onChange?.({ ...value, lat, lng }) : undefined}
            ariaLabel={value ? `Map around ${value.city}: click to move the pin` : 'World map'}
            className="is-light"
          />
        ) : (
          <Spin className="nl-location-spin" />
        )}
      </div>
      {value ? (
        <Flex justify="space-between" align="center" gap={8}>
          <Typography.Text type="secondary" data-testid="location-coordinates">
            {value.city} ({value.country}) · {hemisphere(value.lat, 'N', 'S')},{' '}
            {hemisphere(value.lng, 'E', 'W')}. Click the map to move the pin.
          </Typography.Text>
          <Button size="small" type="link" onClick={() => onChange?.(null)} disabled={disabled}>
            Remove
          </Button>
        </Flex>
      ) : (
        <Typography.Text type="secondary">
          Not on the data screen’s map until a place is chosen.
        </Typography.Text>
      )}
    </Flex>
  );
}
