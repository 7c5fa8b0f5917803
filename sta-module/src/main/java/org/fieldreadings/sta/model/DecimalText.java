package org.fieldreadings.sta.model;

/**
 * A reading's value as the text the readings operation writes ({@code -0.0}, {@code 1.0E-7}), put into JSON as it
 * is: Vert.x writes a number it does not know by its text, where a {@link java.math.BigDecimal} would drop the sign
 * of a negative zero.
 */
public final class DecimalText extends Number {

  private final String text;

  public DecimalText(String text) {
    this.text = text;
  }

  @Override
  public int intValue() {
    return (int) doubleValue();
  }

  @Override
  public long longValue() {
    return (long) doubleValue();
  }

  @Override
  public float floatValue() {
    return (float) doubleValue();
  }

  @Override
  public double doubleValue() {
    return Double.parseDouble(text);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof DecimalText decimal && decimal.text.equals(text);
  }

  @Override
  public int hashCode() {
    return text.hashCode();
  }

  @Override
  public String toString() {
    return text;
  }
}
