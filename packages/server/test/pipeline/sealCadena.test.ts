import { describe, expect, it } from 'vitest';
import { cadenaOriginal, parseElementTree } from '../../src/pipeline/seal/index.js';
import { vehicleInvoice32, vehicleInvoice33, vehicleInvoice40 } from '../support/cfdiSamples.js';
import { edit } from '../support/edit.js';

const cadenaOf = (xml: string) => cadenaOriginal(parseElementTree(xml)!);

describe('cadena original (SAT XSLT rules)', () => {
  it('CFDI 4.0: order of nodes and attributes, optional ones only when present, whitespace normalised, timbre and Addenda left out', () => {
    expect(cadenaOf(vehicleInvoice40())).toEqual({
      cadena:
        '||4.0|AV|10234|2024-03-12T10:15:30|03||Contado|350500.00|MXN|406580.00|I|01|PUE|54060' +
        '|07|11111111-2222-4333-8444-555555555555' +
        '|AVM9203175R5|AUTOMOTRIZ VALLE & MONTAÑA|601' +
        '|PELJ800101A14|JUAN PEÑA LÓPEZ|06600|605|G01' +
        '|25101503|VERSA-SENSE-24|1|H87|Pieza' +
        '|AUTOMOVIL NUEVO NISSAN VERSA SENSE MODELO 2024 COLOR BLANCO "EDICION" SERIE 3N1CN8AE5RK812345|350000.00|350000.00|02' +
        '|350000.00|002|Tasa|0.160000|56000.00' +
        '|24 47 3456 4000123' +
        '|1.1|1040501|3N1CN8AE5RK812345|24 47 3456 4000123|2024-01-20|LAZARO CARDENAS' +
        '|78181500||1|E48|Tapetes|500.00|500.00|02|500.00|002|Tasa|0.160000|80.00' +
        '|350500.00|002|Tasa|0.160000|56080.00|56080.00' +
        '|1.0|0.00|0.00|ISH|0.00|0.00' +
        '|1.0|Art. 2|Vehículo de procedencia extranjera||',
    });
  });

  it('CFDI 3.3: its own attribute set (no Exportacion nor ObjetoImp, taxes without Base) and vehiculousado', () => {
    const built = cadenaOf(vehicleInvoice33());
    expect(built).toEqual({
      cadena:
        '||3.3|KMA|7634|2019-07-31T17:27:03|99||.|580086.21|MXN|1|672900.00|I|PPD|15730' +
        '|KMO141215B19|MOTORES DEL ORIENTE SA DE CV|601|SAKA7209206Y8|ABRAHAM MOISÉS SÁNCHEZ|G03' +
        '|25101500|1.00|H87|PIEZA|Kia SEDONA EX PACK A/T 2019 SERIE KNDMC5C28K6556950|580086.21000|580086.21' +
        '|580086.21|002|Tasa|0.160000|92813.79|1.1|0751503|KNDMC5C28K6556950|195116699000326|2019-04-16|LAZARO CARDENAS MICH.' +
        '|002|Tasa|0.160000|92813.79|92813.79' +
        '|1.0|381900.00|175000.00|0520815|TOYOTA|RAV 4 XLE A/T|2013|2T3WF4EV4DW022556|2T3WF4EV4DW022556|175000.00' +
        '|13243770303998|2013-05-08|NUEVO LAREDO||',
    });
  });

  it('CFDI 3.2: lower-case attributes without serie and folio, addresses, regimes, customs of the concept and its parts', () => {
    expect(cadenaOf(vehicleInvoice32('CTO021007DZ8'))).toEqual({
      cadena:
        '||3.2|2017-03-21T08:17:31|ingreso|Pago en una sola exhibicion|Credito|250000.00|0.00|1.00|MXN|290000.00|04' +
        '|TOLUCA, ESTADO DE MEXICO|0291' +
        '|CTO021007DZ8|AUTOS DE TOLUCA S.A. DE C.V.|BLVD. TOLUCA-IXTAPAN NTE.|126|LA PURISIMA|TOLUCA|ESTADO DE MEXICO|Mexico|52148' +
        '|BLVD. TOLUCA-IXTAPAN NTE.|Mexico|Regimen General de Ley Persona Moral' +
        '|COSC8001137NA|CORTES SOTO CARLOS|PRIVADA LOS CISNES|19|METEPEC|MEXICO|Mexico|52172' +
        '|1|PIEZA|YARIS-2014|TOYOTA YARIS 2014 SERIE JTDBT4K38E1234567|250000.00|250000.00|14 47 3456 4000123|2014-02-10|VERACRUZ' +
        '|1.0|0250105|IVA|16|40000.00|40000.00||',
    });
  });

  it('an element without published rules is reported, not guessed', () => {
    const xml = edit(
      vehicleInvoice40(),
      '<cfdi:Complemento>',
      '<cfdi:Complemento><cp:CartaPorte xmlns:cp="http://www.sat.gob.mx/CartaPorte31" Version="3.1"/>',
    );
    expect(cadenaOf(xml)).toEqual({ unknown: '{http://www.sat.gob.mx/CartaPorte31}CartaPorte' });
  });

  it('comercio exterior 2.0 (a car exported): its own attribute set, addresses and goods, no Propietario', () => {
    const cce = `<cce20:ComercioExterior xmlns:cce20="http://www.sat.gob.mx/ComercioExterior20" Version="2.0" ClaveDePedimento="A1" \
CertificadoOrigen="0" Incoterm="FCA" TipoCambioUSD="17.0500" TotalUSD="20527.86">
      <cce20:Emisor><cce20:Domicilio Calle="AV INDUSTRIAL" NumeroExterior="10" Estado="AGU" Pais="MEX" CodigoPostal="20290"/></cce20:Emisor>
      <cce20:Propietario NumRegIdTrib="123" ResidenciaFiscal="USA"/>
      <cce20:Receptor NumRegIdTrib="987654321"><cce20:Domicilio Calle="MAIN ST" Estado="TX" Pais="USA" CodigoPostal="78041"/>\
</cce20:Receptor>
      <cce20:Mercancias><cce20:Mercancia NoIdentificacion="VERSA-SENSE-24" FraccionArancelaria="8703239901" CantidadAduana="1" \
UnidadAduana="06" ValorUnitarioAduana="20527.86" ValorDolares="20527.86">
        <cce20:DescripcionesEspecificas Marca="NISSAN" Modelo="VERSA" NumeroSerie="3N1CN8AE5RK812345"/>
      </cce20:Mercancia></cce20:Mercancias>
    </cce20:ComercioExterior>`;
    const built = cadenaOf(edit(vehicleInvoice40(), '<cfdi:Complemento>', `<cfdi:Complemento>${cce}`));
    expect('cadena' in built && built.cadena).toContain(
      '|56080.00|2.0|A1|0|FCA|17.0500|20527.86|AV INDUSTRIAL|10|AGU|MEX|20290|987654321|MAIN ST|TX|USA|78041' +
        '|VERSA-SENSE-24|8703239901|1|06|20527.86|20527.86|NISSAN|VERSA|3N1CN8AE5RK812345|1.0|0.00|0.00|ISH',
    );
  });

  it('vehicle complements: renewal decree and destruction certificate, in document order', () => {
    const complements = `<decreto:renovacionysustitucionvehiculos xmlns:decreto="http://www.sat.gob.mx/renovacionysustitucionvehiculos" \
Version="1.0" TipoDeDecreto="02">
        <decreto:DecretoSustitVehicular VehEnaj="01">
          <decreto:VehiculoUsadoEnajenadoPermAlFab PrecioVehUsado="50000.00" TipoVeh="01" Marca="DINA" TipooClase="AUTOBUS" Año="1995" \
NIV="1D9000000S1234567" NumPlacas="123ABC" NumFolTarjCir="TC1" NumFolAvisoint="AV1" NumPedIm="95  47  3456  4000123" Aduana="47" \
FechaRegulVeh="1996-01-01" Foliofiscal="11111111-2222-4333-8444-555555555555"/>
          <decreto:VehiculoNuvoSemEnajenadoFabAlPerm Año="2024" NumPlacas="456DEF"/>
        </decreto:DecretoSustitVehicular>
      </decreto:renovacionysustitucionvehiculos>
      <destruccion:certificadodedestruccion xmlns:destruccion="http://www.sat.gob.mx/certificadodestruccion" Version="1.0" Serie="SERIE-A" \
NumFolDesVeh="DV-77">
        <destruccion:VehiculoDestruido Marca="DINA" TipooClase="AUTOBUS" Año="1995" NumPlacas="123ABC" NumFolTarjCir="TC1"/>
      </destruccion:certificadodedestruccion>`;
    const built = cadenaOf(edit(vehicleInvoice40(), '<cfdi:Complemento>', `<cfdi:Complemento>${complements}`));
    expect('cadena' in built && built.cadena).toContain(
      '|56080.00|1.0|02|01|50000.00|01|DINA|AUTOBUS|1995|1D9000000S1234567|123ABC|TC1|AV1|95 47 3456 4000123|47|1996-01-01' +
        '|11111111-2222-4333-8444-555555555555' +
        '|2024|456DEF|1.0|SERIE-A|DV-77|DINA|AUTOBUS|1995|123ABC|TC1|1.0|0.00|0.00|ISH',
    );
  });
});
