// Stand-in declaration of react-native's Platform, the one member the generated expo code reads.

export declare const Platform: {
  OS: 'ios' | 'android' | 'macos' | 'windows' | 'web';
};
