/**
 * The birth states a CURP names (its two-letter code), with the INEGI state key and the
 * capital's municipality (name and INEGI key), so a synthetic RENAPO record speaks of one
 * state throughout. NE (born abroad) names none.
 */
export interface CurpState {
  name: string;
  key: string;
  municipality: string;
  municipalityKey: string;
}

const row = (name: string, key: string, municipality: string, municipalityKey: string): CurpState => ({
  name,
  key,
  municipality,
  municipalityKey,
});

export const CURP_STATE_RECORDS: Readonly<Record<string, CurpState>> = {
  AS: row('AGUASCALIENTES', '01', 'AGUASCALIENTES', '001'),
  BC: row('BAJA CALIFORNIA', '02', 'MEXICALI', '002'),
  BS: row('BAJA CALIFORNIA SUR', '03', 'LA PAZ', '003'),
  CC: row('CAMPECHE', '04', 'CAMPECHE', '002'),
  CL: row('COAHUILA', '05', 'SALTILLO', '030'),
  CM: row('COLIMA', '06', 'COLIMA', '002'),
  CS: row('CHIAPAS', '07', 'TUXTLA GUTIERREZ', '101'),
  CH: row('CHIHUAHUA', '08', 'CHIHUAHUA', '019'),
  DF: row('CIUDAD DE MEXICO', '09', 'CUAUHTEMOC', '015'),
  DG: row('DURANGO', '10', 'DURANGO', '005'),
  GT: row('GUANAJUATO', '11', 'GUANAJUATO', '015'),
  GR: row('GUERRERO', '12', 'CHILPANCINGO DE LOS BRAVO', '029'),
  HG: row('HIDALGO', '13', 'PACHUCA DE SOTO', '048'),
  JC: row('JALISCO', '14', 'GUADALAJARA', '039'),
  MC: row('MEXICO', '15', 'TOLUCA', '106'),
  MN: row('MICHOACAN', '16', 'MORELIA', '053'),
  MS: row('MORELOS', '17', 'CUERNAVACA', '007'),
  NT: row('NAYARIT', '18', 'TEPIC', '017'),
  NL: row('NUEVO LEON', '19', 'MONTERREY', '039'),
  OC: row('OAXACA', '20', 'OAXACA DE JUAREZ', '067'),
  PL: row('PUEBLA', '21', 'PUEBLA', '114'),
  QT: row('QUERETARO', '22', 'QUERETARO', '014'),
  QR: row('QUINTANA ROO', '23', 'OTHON P. BLANCO', '004'),
  SP: row('SAN LUIS POTOSI', '24', 'SAN LUIS POTOSI', '028'),
  SL: row('SINALOA', '25', 'CULIACAN', '006'),
  SR: row('SONORA', '26', 'HERMOSILLO', '030'),
  TC: row('TABASCO', '27', 'CENTRO', '004'),
  TS: row('TAMAULIPAS', '28', 'VICTORIA', '041'),
  TL: row('TLAXCALA', '29', 'TLAXCALA', '033'),
  VZ: row('VERACRUZ', '30', 'XALAPA', '087'),
  YN: row('YUCATAN', '31', 'MERIDA', '050'),
  ZS: row('ZACATECAS', '32', 'ZACATECAS', '056'),
};
