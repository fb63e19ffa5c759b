import { useEffect, useState } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import worldAtlasUrl from 'world-atlas/countries-110m.json?url';
import { echarts } from '../../../components/charts/index.ts';

/** The name the world map is registered under (the geo component's `map`). */
export const WORLD_MAP = 'world';

/** Natural Earth's Antarctica takes a fifth of the height and holds no region. */
const LEFT_OUT = new Set(['Antarctica']);

let loading: Promise<void> | null = null;

function isTopology(
  value: unknown,
): value is Topology<{ countries: GeometryCollection<{ name: string }> }> {
  if (typeof value !== 'object' || value === null || !('objects' in value)) return false;
  const { objects } = value;
  return typeof objects === 'object' && objects !== null && 'countries' in objects;
}

/**
 * Fetches world-atlas's 110m countries (TopoJSON, a file of its own beside the bundle), turns
 * them into GeoJSON with topojson-client and registers them with ECharts, once per page load.
 */
export function loadWorldMap(): Promise<void> {
  loading ??= fetch(worldAtlasUrl)
    .then(async (res) => {
      if (!res.ok) throw new Error(`world map: HTTP ${res.status}`);
      const topology: unknown = await res.json();
      if (!isTopology(topology)) throw new Error('world map: not the countries topology');
      const countries = feature(topology, topology.objects.countries);
      // ECharts draws areas: every country of the atlas is a Polygon or a MultiPolygon.
      const features = countries.features.flatMap(({ properties, geometry }) =>
        !LEFT_OUT.has(properties.name) &&
        (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon')
          ? [{ type: 'Feature' as const, properties, geometry }]
          : [],
      );
      echarts.registerMap(WORLD_MAP, { type: 'FeatureCollection', features });
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** Whether the world map is registered yet: 'loading', 'ready' or 'failed'. */
export function useWorldMap(): 'loading' | 'ready' | 'failed' {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    let live = true;
    loadWorldMap().then(
      () => live && setState('ready'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
