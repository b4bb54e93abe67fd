/** One example operation, opened as its own GraphiQL tab (the tab is named after the operation). */
interface ExampleTab {
  query: string;
  variables?: string;
}

const HINT = '# Put your key into the Headers tab below, then run (Ctrl-Enter).\n';

/** The example tabs: top, dynamics, regions, keywords, match types and seasonality, suggestions, quota (and the region lookup in regions). */
export const EXAMPLE_TABS: ExampleTab[] = [
  {
    query: `${HINT}query Top {
  top(phrase: "ноутбук", numPhrases: 10) {
    totalCount
    results { phrase count }
    associations { phrase count }
  }
}
`,
  },
  {
    query: `${HINT}query Dynamics($phrase: String!) {
  keyword(phrase: $phrase) {
    dynamics(period: WEEKLY) { trend results { date count share } }
  }
}
`,
    variables: '{ "phrase": "купить велосипед" }',
  },
  {
    query: `${HINT}query Regions {
  moscow: regionSearch(query: "моск", limit: 3) { regionId regionName regionNameEn regionType }
  regions(phrase: "пицца", level: CITIES) { regionName regionNameEn count share affinityIndex }
}
`,
  },
  {
    query: `${HINT}query Keywords {
  keywords(phrases: ["купить ноутбук", "ноутбук бу", "игровой ноутбук"]) {
    phrase
    searchVolume
    competitionLevel
  }
}
`,
  },
  {
    query: `${HINT}query SemanticCore {
  keywords(phrases: ["купить палатку", "палатка туристическая"], matchTypes: [PHRASE, EXACT], historyMonths: 24) {
    phrase
    searchVolume
    searchVolumePhrase
    searchVolumeExact
    matchTypeVolumes { matchType last30Days monthlySource }
    seasonality { peakMonth seasonalityIndex yoyChangePercent trendClass }
  }
}
`,
  },
  {
    query: `${HINT}query Suggestions {
  suggestions(keyword: "велосипед", limit: 10) {
    seedKeyword
    items { keyword searchVolume competition cpc }
  }
}
`,
  },
  {
    query: `${HINT}query Quota {
  quota { source hourly { limit remaining resetsInSeconds } perSecondLimit }
}
`,
  },
];
