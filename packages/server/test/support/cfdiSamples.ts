/**
 * CFDIs written for the seal tests, unsealed (sign them with `signCfdi`): a vehicle sale in
 * CFDI 4.0 and 3.3 with the complements such an invoice carries, a payment receipt of each
 * version and a payroll receipt. Values are plausible, not tax-exact. A line ending in `\`
 * goes on at the start of the next: the template literal leaves that break out of the XML.
 */
export interface VehicleInvoiceOptions {
  rfcEmisor?: string;
  nombreEmisor?: string;
  vin?: string;
  encoding?: string;
  fecha?: string;
}

const TIMBRE = (uuid: string) =>
  '<tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" Version="1.1" ' +
  `UUID="${uuid}" FechaTimbrado="2024-03-12T10:16:02" RfcProvCertif="SAT970701NN3" ` +
  'SelloCFD="" NoCertificadoSAT="00001000000505211329" SelloSAT="U0FU"/>';

/** A CFDI 4.0 sale of an imported new car: ventavehiculos 1.1, customs, local taxes, legends, a timbre and an Addenda. */
export function vehicleInvoice40(o: VehicleInvoiceOptions = {}): string {
  const vin = o.vin ?? '3N1CN8AE5RK812345';
  return `<?xml version="1.0" encoding="${o.encoding ?? 'UTF-8'}"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xmlns:ventavehiculos="http://www.sat.gob.mx/ventavehiculos" xmlns:implocal="http://www.sat.gob.mx/implocal"
    xsi:schemaLocation="http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd"
    Version="4.0" Serie="AV" Folio="10234" Fecha="${o.fecha ?? '2024-03-12T10:15:30'}" FormaPago="03" CondicionesDePago="Contado"
    SubTotal="350500.00" Moneda="MXN" Total="406580.00" TipoDeComprobante="I" Exportacion="01" MetodoPago="PUE" LugarExpedicion="54060">
  <cfdi:CfdiRelacionados TipoRelacion="07">
    <cfdi:CfdiRelacionado UUID="11111111-2222-4333-8444-555555555555"/>
  </cfdi:CfdiRelacionados>
  <cfdi:Emisor Rfc="${o.rfcEmisor ?? 'AVM9203175R5'}" Nombre="${o.nombreEmisor ?? 'AUTOMOTRIZ VALLE &amp; MONTAÑA'}" RegimenFiscal="601"/>
  <cfdi:Receptor Rfc="PELJ800101A14" Nombre="JUAN  PEÑA   LÓPEZ" DomicilioFiscalReceptor="06600" RegimenFiscalReceptor="605" \
UsoCFDI="G01"/>
  <cfdi:Conceptos>
    <cfdi:Concepto ClaveProdServ="25101503" NoIdentificacion="VERSA-SENSE-24" Cantidad="1" ClaveUnidad="H87" Unidad="Pieza"
        Descripcion="AUTOMOVIL NUEVO NISSAN VERSA SENSE MODELO 2024
          COLOR BLANCO &quot;EDICION&quot; SERIE ${vin}" ValorUnitario="350000.00" Importe="350000.00" ObjetoImp="02">
      <cfdi:Impuestos>
        <cfdi:Traslados>
          <cfdi:Traslado Base="350000.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="56000.00"/>
        </cfdi:Traslados>
      </cfdi:Impuestos>
      <cfdi:InformacionAduanera NumeroPedimento="24  47  3456  4000123"/>
      <cfdi:ComplementoConcepto>
        <ventavehiculos:VentaVehiculos version="1.1" ClaveVehicular="1040501" Niv="${vin}">
          <ventavehiculos:InformacionAduanera numero="24  47  3456  4000123" fecha="2024-01-20" aduana="LAZARO CARDENAS"/>
        </ventavehiculos:VentaVehiculos>
      </cfdi:ComplementoConcepto>
    </cfdi:Concepto>
    <cfdi:Concepto ClaveProdServ="78181500" NoIdentificacion="" Cantidad="1" ClaveUnidad="E48" Descripcion="Tapetes" \
ValorUnitario="500.00" Importe="500.00" ObjetoImp="02">
      <cfdi:Impuestos>
        <cfdi:Traslados>
          <cfdi:Traslado Base="500.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="80.00"/>
        </cfdi:Traslados>
      </cfdi:Impuestos>
    </cfdi:Concepto>
  </cfdi:Conceptos>
  <cfdi:Impuestos TotalImpuestosTrasladados="56080.00">
    <cfdi:Traslados>
      <cfdi:Traslado Base="350500.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="56080.00"/>
    </cfdi:Traslados>
  </cfdi:Impuestos>
  <cfdi:Complemento>
    <implocal:ImpuestosLocales version="1.0" TotaldeRetenciones="0.00" TotaldeTraslados="0.00">
      <implocal:TrasladosLocales ImpLocTrasladado="ISH" TasadeTraslado="0.00" Importe="0.00"/>
    </implocal:ImpuestosLocales>
    <leyendasFisc:LeyendasFiscales xmlns:leyendasFisc="http://www.sat.gob.mx/leyendasFiscales" version="1.0">
      <leyendasFisc:Leyenda norma="Art. 2" textoLeyenda="Vehículo de procedencia extranjera"/>
    </leyendasFisc:LeyendasFiscales>
    ${TIMBRE('6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b')}
  </cfdi:Complemento>
  <cfdi:Addenda><dealer:Pedido xmlns:dealer="urn:dealer" numero="PO-77"/></cfdi:Addenda>
</cfdi:Comprobante>
`;
}

/** A CFDI 3.3 sale of a used-car trade-in deal: ventavehiculos 1.1 in the concept and vehiculousado. */
export function vehicleInvoice33(o: VehicleInvoiceOptions = {}): string {
  const vin = o.vin ?? 'KNDMC5C28K6556950';
  return `<?xml version="1.0" encoding="${o.encoding ?? 'UTF-8'}"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/3" xmlns:ventavehiculos="http://www.sat.gob.mx/ventavehiculos"
    xmlns:vehiculousado="http://www.sat.gob.mx/vehiculousado"
    Version="3.3" Serie="KMA" Folio="7634" Fecha="${o.fecha ?? '2019-07-31T17:27:03'}" FormaPago="99" CondicionesDePago="."
    SubTotal="580086.21" Moneda="MXN" TipoCambio="1" Total="672900.00" TipoDeComprobante="I" MetodoPago="PPD" LugarExpedicion="15730">
  <cfdi:Emisor Rfc="${o.rfcEmisor ?? 'KMO141215B19'}" Nombre="${o.nombreEmisor ?? 'MOTORES DEL ORIENTE SA DE CV'}" RegimenFiscal="601"/>
  <cfdi:Receptor Rfc="SAKA7209206Y8" Nombre="ABRAHAM MOISÉS SÁNCHEZ" UsoCFDI="G03"/>
  <cfdi:Conceptos>
    <cfdi:Concepto ClaveProdServ="25101500" Cantidad="1.00" ClaveUnidad="H87" Unidad="PIEZA" \
Descripcion="Kia SEDONA EX PACK A/T 2019 SERIE ${vin}" ValorUnitario="580086.21000" Importe="580086.21">
      <cfdi:Impuestos><cfdi:Traslados><cfdi:Traslado Base="580086.21" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" \
Importe="92813.79"/></cfdi:Traslados></cfdi:Impuestos>
      <cfdi:ComplementoConcepto>
        <ventavehiculos:VentaVehiculos version="1.1" ClaveVehicular="0751503" Niv="${vin}">
          <ventavehiculos:InformacionAduanera numero="195116699000326" fecha="2019-04-16" aduana="LAZARO CARDENAS MICH."/>
        </ventavehiculos:VentaVehiculos>
      </cfdi:ComplementoConcepto>
    </cfdi:Concepto>
  </cfdi:Conceptos>
  <cfdi:Impuestos TotalImpuestosTrasladados="92813.79">
    <cfdi:Traslados><cfdi:Traslado Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="92813.79"/></cfdi:Traslados>
  </cfdi:Impuestos>
  <cfdi:Complemento>
    <vehiculousado:VehiculoUsado Version="1.0" montoAdquisicion="381900.00" montoEnajenacion="175000.00" claveVehicular="0520815" \
marca="TOYOTA" tipo="RAV 4 XLE  A/T" modelo="2013" numeroSerie="2T3WF4EV4DW022556" NIV="2T3WF4EV4DW022556" valor="175000.00">
      <vehiculousado:InformacionAduanera numero="13243770303998" fecha="2013-05-08" aduana="NUEVO LAREDO"/>
    </vehiculousado:VehiculoUsado>
    ${TIMBRE('2c71642e-1538-45a8-959c-01cf36363e75')}
  </cfdi:Complemento>
</cfdi:Comprobante>
`;
}

/** A CFDI 3.3 payment receipt (Pagos 1.0). */
export const payment10 = (rfc: string) => `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/3" xmlns:pago10="http://www.sat.gob.mx/Pagos" Version="3.3" Serie="P" Folio="2" \
Fecha="2019-07-14T15:46:55" SubTotal="0" Total="0" Moneda="XXX" LugarExpedicion="67100" TipoDeComprobante="P">
  <cfdi:Emisor Rfc="${rfc}" Nombre="SERVICIOS EMPRESARIALES SC" RegimenFiscal="601"/>
  <cfdi:Receptor Rfc="CAPH5902083T6" Nombre="HELIBRANDO CANTU PADILLA" UsoCFDI="P01"/>
  <cfdi:Conceptos><cfdi:Concepto ClaveProdServ="84111506" Cantidad="1" ClaveUnidad="ACT" Descripcion="Pago" ValorUnitario="0" Importe="0"/>\
</cfdi:Conceptos>
  <cfdi:Complemento>
    <pago10:Pagos Version="1.0">
      <pago10:Pago FechaPago="2019-07-14T12:00:00" FormaDePagoP="03" MonedaP="MXN" Monto="201.54" NumOperacion="4343434">
        <pago10:DoctoRelacionado IdDocumento="31FBF471-DCFD-46A5-B235-CADD520A9CC0" Serie="A" Folio="23205" MonedaDR="MXN" \
MetodoDePagoDR="PPD" NumParcialidad="2" ImpSaldoAnt="2499.80" ImpPagado="201.54" ImpSaldoInsoluto="2298.26"/>
        <pago10:Impuestos TotalImpuestosTrasladados="27.80"><pago10:Traslados><pago10:Traslado Impuesto="002" TipoFactor="Tasa" \
TasaOCuota="0.160000" Importe="27.80"/></pago10:Traslados></pago10:Impuestos>
      </pago10:Pago>
    </pago10:Pagos>
  </cfdi:Complemento>
</cfdi:Comprobante>
`;

/** A CFDI 4.0 payment receipt (Pagos 2.0). */
export const payment20 = (rfc: string) => `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:pago20="http://www.sat.gob.mx/Pagos20" Version="4.0" \
Fecha="2023-06-13T14:15:16" TipoDeComprobante="P" LugarExpedicion="52000" Moneda="XXX" Exportacion="01" SubTotal="0" Total="0">
  <cfdi:Emisor Nombre="ESCUELA DE PRUEBA" Rfc="${rfc}" RegimenFiscal="601"/>
  <cfdi:Receptor Rfc="COSC8001137NA" Nombre="CARLOS CORTES SOTO" RegimenFiscalReceptor="605" UsoCFDI="CP01" \
DomicilioFiscalReceptor="52000"/>
  <cfdi:Conceptos><cfdi:Concepto ClaveProdServ="84111506" Cantidad="1" ClaveUnidad="ACT" Descripcion="Pago" ValorUnitario="0" Importe="0" \
ObjetoImp="01"/></cfdi:Conceptos>
  <cfdi:Complemento>
    <pago20:Pagos Version="2.0">
      <pago20:Totales MontoTotalPagos="15000.00" TotalTrasladosBaseIVA16="12931.04" TotalTrasladosImpuestoIVA16="2068.96"/>
      <pago20:Pago FechaPago="2023-06-12T17:18:19" FormaDePagoP="03" MonedaP="MXN" TipoCambioP="1" Monto="15000.00">
        <pago20:DoctoRelacionado IdDocumento="00000000-1111-2222-3333-00000000000A" MonedaDR="MXN" EquivalenciaDR="1" NumParcialidad="2" \
ImpSaldoAnt="15000.00" ImpPagado="15000.00" ImpSaldoInsoluto="0" ObjetoImpDR="02">
          <pago20:ImpuestosDR><pago20:TrasladosDR><pago20:TrasladoDR BaseDR="12931.04" ImpuestoDR="002" TipoFactorDR="Tasa" \
TasaOCuotaDR="0.160000" ImporteDR="2068.96"/></pago20:TrasladosDR></pago20:ImpuestosDR>
        </pago20:DoctoRelacionado>
        <pago20:ImpuestosP><pago20:TrasladosP><pago20:TrasladoP BaseP="12931.04" ImpuestoP="002" TipoFactorP="Tasa" TasaOCuotaP="0.160000" \
ImporteP="2068.96"/></pago20:TrasladosP></pago20:ImpuestosP>
      </pago20:Pago>
    </pago20:Pagos>
  </cfdi:Complemento>
</cfdi:Comprobante>
`;

/** A CFDI 4.0 payroll receipt (Nómina 1.2). */
export const payroll12 = (rfc: string) => `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:nomina12="http://www.sat.gob.mx/nomina12" Version="4.0" Serie="702" \
Folio="201802" Fecha="2022-05-15T16:55:56" SubTotal="710.00" Descuento="300.00" Moneda="MXN" Total="410.00" TipoDeComprobante="N" \
Exportacion="01" MetodoPago="PUE" LugarExpedicion="20928">
  <cfdi:Emisor Rfc="${rfc}" Nombre="ESCUELA DE PRUEBA SA DE CV" RegimenFiscal="601"/>
  <cfdi:Receptor Rfc="MASO451221PM4" Nombre="MARIA OLIVIA MARTINEZ SAGAZ" DomicilioFiscalReceptor="80290" RegimenFiscalReceptor="605" \
UsoCFDI="CN01"/>
  <cfdi:Conceptos><cfdi:Concepto ClaveProdServ="84111505" Cantidad="1" ClaveUnidad="ACT" Descripcion="Pago de nómina" ValorUnitario="710" \
Importe="710.00" Descuento="300.00" ObjetoImp="01"/></cfdi:Conceptos>
  <cfdi:Complemento>
    <nomina12:Nomina Version="1.2" TipoNomina="O" FechaPago="2022-05-15" FechaInicialPago="2022-05-09" FechaFinalPago="2022-05-15" \
NumDiasPagados="7" TotalPercepciones="610" TotalDeducciones="300" TotalOtrosPagos="100">
      <nomina12:Emisor RegistroPatronal="A4914083100"><nomina12:EntidadSNCF OrigenRecurso="IP"/></nomina12:Emisor>
      <nomina12:Receptor Curp="MELH450218MSLNPL03" NumSeguridadSocial="1234567" FechaInicioRelLaboral="2022-01-01" Antigüedad="P19W" \
TipoContrato="01" Sindicalizado="No" TipoJornada="01" TipoRegimen="02" NumEmpleado="702" Departamento="SOLDADOR" RiesgoPuesto="1" \
PeriodicidadPago="02" SalarioDiarioIntegrado="180.00" ClaveEntFed="COL"/>
      <nomina12:Percepciones TotalGravado="310" TotalExento="300" TotalSueldos="610">
        <nomina12:Percepcion TipoPercepcion="001" Clave="43200006" Concepto="Sueldo" ImporteGravado="210" ImporteExento="200"/>
        <nomina12:Percepcion TipoPercepcion="019" Clave="43200019" Concepto="Horas extra" ImporteGravado="100" ImporteExento="100">\
<nomina12:HorasExtra Dias="1" TipoHoras="Dobles" HorasExtra="2" ImportePagado="200"/></nomina12:Percepcion>
      </nomina12:Percepciones>
      <nomina12:Deducciones TotalOtrasDeducciones="200" TotalImpuestosRetenidos="100"><nomina12:Deduccion TipoDeduccion="002" \
Clave="50000302" Concepto="isr" Importe="100"/><nomina12:Deduccion TipoDeduccion="004" Clave="50000305" Concepto="otros" Importe="200"/>\
</nomina12:Deducciones>
      <nomina12:OtrosPagos><nomina12:OtroPago TipoOtroPago="002" Clave="11700001" Concepto="Subsidio para el empleo" Importe="100">\
<nomina12:SubsidioAlEmpleo SubsidioCausado="120"/></nomina12:OtroPago></nomina12:OtrosPagos>
      <nomina12:Incapacidades><nomina12:Incapacidad DiasIncapacidad="1" TipoIncapacidad="02" ImporteMonetario="100"/>\
</nomina12:Incapacidades>
    </nomina12:Nomina>
  </cfdi:Complemento>
</cfdi:Comprobante>
`;

/** A CFDI 3.2 sale of a used car (before 3.3: lower-case attributes, addresses, taxes by name). */
export const vehicleInvoice32 = (rfc: string) => `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/3" xmlns:ventavehiculos="http://www.sat.gob.mx/ventavehiculos" version="3.2" \
serie="S" folio="68189" fecha="2017-03-21T08:17:31" formaDePago="Pago en una sola exhibicion" condicionesDePago="Credito" \
subTotal="250000.00" descuento="0.00" total="290000.00" metodoDePago="04" tipoDeComprobante="ingreso" Moneda="MXN" TipoCambio="1.00" \
LugarExpedicion="TOLUCA, ESTADO DE MEXICO" NumCtaPago="0291">
  <cfdi:Emisor rfc="${rfc}" nombre="AUTOS DE TOLUCA S.A. DE C.V.">
    <cfdi:DomicilioFiscal calle="BLVD. TOLUCA-IXTAPAN NTE." noExterior="126" colonia="LA PURISIMA" municipio="TOLUCA" \
estado="ESTADO DE MEXICO" pais="Mexico" codigoPostal="52148"/>
    <cfdi:ExpedidoEn calle="BLVD. TOLUCA-IXTAPAN NTE." pais="Mexico"/>
    <cfdi:RegimenFiscal Regimen="Regimen General de Ley Persona Moral"/>
  </cfdi:Emisor>
  <cfdi:Receptor rfc="COSC8001137NA" nombre="CORTES SOTO CARLOS">
    <cfdi:Domicilio calle="PRIVADA LOS CISNES" noExterior="19" municipio="METEPEC" estado="MEXICO" pais="Mexico" codigoPostal="52172"/>
  </cfdi:Receptor>
  <cfdi:Conceptos>
    <cfdi:Concepto cantidad="1" unidad="PIEZA" noIdentificacion="YARIS-2014" descripcion="TOYOTA YARIS 2014 SERIE JTDBT4K38E1234567" \
valorUnitario="250000.00" importe="250000.00">
      <cfdi:InformacionAduanera numero="14  47  3456  4000123" fecha="2014-02-10" aduana="VERACRUZ"/>
      <cfdi:ComplementoConcepto><ventavehiculos:VentaVehiculos version="1.0" ClaveVehicular="0250105"/></cfdi:ComplementoConcepto>
    </cfdi:Concepto>
  </cfdi:Conceptos>
  <cfdi:Impuestos totalImpuestosTrasladados="40000.00">
    <cfdi:Traslados><cfdi:Traslado impuesto="IVA" tasa="16" importe="40000.00"/></cfdi:Traslados>
  </cfdi:Impuestos>
  <cfdi:Complemento>
    <tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" version="1.0" \
UUID="80824F3B-323E-407B-8F8E-40D83FE2E69F" FechaTimbrado="2017-03-21T08:18:08" selloCFD="" noCertificadoSAT="00001000000404477432" \
selloSAT="U0FU"/>
  </cfdi:Complemento>
</cfdi:Comprobante>
`;
